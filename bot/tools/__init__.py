"""What an operator runs beside the bot: the admin commands, the replay of records and the terminal game."""
