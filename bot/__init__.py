"""Tavolo's application layer: CLI, configuration, logging, table service, storage, ratings and i18n."""
