"""The admin commands: ``invite``, ``backup``, ``doctor``, ``forget-user``, and the AI pool's size setting.

Discord is replaced at discord.py's HTTP boundary (``HTTPClient``'s login, application, guild and member calls)
by a small fake server; the databases are real SQLite files."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import sqlite3
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import discord
import pytest
from discord.http import HTTPClient

from bot.__main__ import main
from bot.config import Settings
from bot.storage import Store

NEEDED = ["view_channel", "send_messages", "send_messages_in_threads", "create_private_threads", "manage_threads",
          "attach_files", "read_message_history"]
"""What the bot does on Discord (see the cogs), as discord.py names the permissions."""
BOT_ID = 900
APP_ID = 4242
TOKEN = "fake.bot.token"
NOBODY = 65534


@pytest.fixture(autouse=True)
def clean_env(monkeypatch, tmp_path):
    """An empty directory (no .env) and no Tavolo or Discord settings in the environment."""
    for name in list(os.environ):
        if name.startswith(("TAVOLO_", "DISCORD_")):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(autouse=True)
def restore_logging():
    """The commands set up logging as a process would; put the root logger back for the other tests."""
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    yield
    for handler in root.handlers[:]:
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(level)


# ----- a fake Discord behind discord.py's HTTPClient -----
def role(role_id: int, permissions: discord.Permissions, name: str) -> dict:
    return {"id": str(role_id), "name": name, "permissions": str(permissions.value), "position": 0, "color": 0,
            "hoist": False, "managed": False, "mentionable": False}


class FakeDiscord:
    """Discord's answers to the REST calls ``invite`` and ``doctor`` make; ``calls`` lists them in order."""

    def __init__(self, guild_permissions: list[discord.Permissions] | None = None, token: str = TOKEN) -> None:
        self.token = token
        self.guilds = {1000 + i: perms for i, perms in enumerate(guild_permissions or [])}
        self.calls: list[str] = []

    def user(self, user_id: int = BOT_ID) -> dict:
        return {"id": str(user_id), "username": "Tavolo", "discriminator": "0", "avatar": None, "bot": True}

    def install(self, monkeypatch) -> FakeDiscord:
        fake = self

        async def static_login(_http, token):
            fake.calls.append("login")
            if token != fake.token:
                raise discord.LoginFailure("Improper token has been passed.")
            return fake.user()

        async def application_info(_http):
            fake.calls.append("application_info")
            return {"id": str(APP_ID), "name": "Tavolo", "description": "", "icon": None, "bot_public": True,
                    "bot_require_code_grant": False, "owner": fake.user(1), "verify_key": "0" * 64, "flags": 0}

        async def get_guilds(_http, limit, before=None, **_options):
            fake.calls.append(f"get_guilds limit={limit}")
            ids = sorted(fake.guilds, reverse=True)  # newest first, as ``before`` pages ask
            if before is not None:
                ids = [i for i in ids if i < int(before)]
            return [{"id": str(i), "name": f"Osteria {i}", "icon": None, "owner": False, "permissions": "0",
                     "features": []} for i in ids[:limit]]

        async def get_guild(_http, guild_id, **_options):
            fake.calls.append(f"get_guild {guild_id}")
            perms = fake.guilds[int(guild_id)]
            return {"id": str(guild_id), "name": f"Osteria {guild_id}", "icon": None, "owner_id": "1",
                    "features": [], "emojis": [], "stickers": [],
                    "roles": [role(int(guild_id), discord.Permissions.none(), "@everyone"),
                              role(int(guild_id) + 1, perms, "Tavolo")]}

        async def get_member(_http, guild_id, member_id):
            fake.calls.append(f"get_member {guild_id} {member_id}")
            return {"user": fake.user(int(member_id)), "roles": [str(int(guild_id) + 1)],
                    "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False, "flags": 0}

        async def close(_http):
            fake.calls.append("close")

        for name, fn in [("static_login", static_login), ("application_info", application_info),
                         ("get_guilds", get_guilds), ("get_guild", get_guild), ("get_member", get_member),
                         ("close", close)]:
            monkeypatch.setattr(HTTPClient, name, fn)

        async def no_gateway(*_args, **_kwargs):
            raise AssertionError("the admin commands never connect to the gateway")

        monkeypatch.setattr(discord.Client, "connect", no_gateway)
        return self


def run(capsys, *args: str) -> tuple[int, str, str]:
    """``python -m bot ARGS`` in this process: (exit status, stdout, stderr)."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


# ----- invite -----
def invite_query(out: str) -> dict[str, list[str]]:
    url = out.strip().splitlines()[0]
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "discord.com", "/oauth2/authorize")
    return parse_qs(parts.query)


def test_invite_with_the_client_id_setting(capsys, monkeypatch):
    monkeypatch.setenv("DISCORD_CLIENT_ID", "123456789012345678")
    status, out, _err = run(capsys, "invite")
    assert status == 0
    assert "scope=bot+applications.commands" in out
    query = invite_query(out)
    assert query["client_id"] == ["123456789012345678"]
    assert query["scope"] == ["bot applications.commands"]
    expected = discord.Permissions(**dict.fromkeys(NEEDED, True))
    permissions = discord.Permissions(int(query["permissions"][0]))
    assert permissions == expected
    assert int(query["permissions"][0]) == sum(getattr(discord.Permissions, n).flag for n in NEEDED)
    assert not permissions.embed_links and not permissions.administrator  # Components V2: no embeds


def test_invite_asks_the_application_with_the_token(capsys, monkeypatch):
    fake = FakeDiscord().install(monkeypatch)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    status, out, _err = run(capsys, "invite")
    assert status == 0
    assert invite_query(out)["client_id"] == [str(APP_ID)]
    assert fake.calls[:2] == ["login", "application_info"]


def test_invite_setting_wins_over_the_token(capsys, monkeypatch):
    fake = FakeDiscord().install(monkeypatch)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DISCORD_CLIENT_ID", "77")
    status, out, _err = run(capsys, "invite")
    assert status == 0 and invite_query(out)["client_id"] == ["77"]
    assert fake.calls == []


def test_invite_without_id_or_token(capsys):
    status, out, err = run(capsys, "invite")
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "DISCORD_CLIENT_ID" in err and "DISCORD_TOKEN" in err


def test_invite_with_a_refused_token(capsys, monkeypatch):
    FakeDiscord(token="another").install(monkeypatch)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    status, out, err = run(capsys, "invite")
    assert status == 2 and out == ""
    assert "refused the token" in err and "Traceback" not in err


@pytest.mark.parametrize("value", ["0", "-3", "abc", str(2**64)])
def test_bad_client_id_is_refused(capsys, monkeypatch, value):
    monkeypatch.setenv("DISCORD_CLIENT_ID", value)
    status, out, err = run(capsys, "invite")
    assert status == 2 and out == "" and "DISCORD_CLIENT_ID" in err


# ----- backup -----
def make_database(path: Path) -> None:
    """A Tavolo database, migrated, in WAL mode."""

    async def create() -> None:
        await (await Store(path).open()).close()

    asyncio.run(create())


class Writer(threading.Thread):
    """Keeps inserting member settings rows (user ids 1, 2, 3...), one commit each, until stopped."""

    def __init__(self, path: Path) -> None:
        super().__init__(daemon=True)
        self.path = path
        self.committed = 0
        self.stop = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            conn = sqlite3.connect(self.path, timeout=10)
            conn.execute("PRAGMA journal_mode = WAL")
            while not self.stop.is_set():
                conn.execute("INSERT INTO member_settings (user_id, language) VALUES (?, ?)",
                             (self.committed + 1, "x" * 500))
                conn.commit()
                self.committed += 1
            conn.close()
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            self.error = exc


def rows_in(path: Path) -> tuple[str, list[int]]:
    conn = sqlite3.connect(path)
    try:
        check = conn.execute("PRAGMA integrity_check").fetchone()[0]
        ids = [r[0] for r in conn.execute("SELECT user_id FROM member_settings ORDER BY user_id")]
    finally:
        conn.close()
    return check, ids


def test_backup_of_a_database_being_written(capsys, monkeypatch, tmp_path):
    db = tmp_path / "live.sqlite3"
    make_database(db)
    monkeypatch.setenv("TAVOLO_DATABASE", str(db))
    writer = Writer(db)
    writer.start()
    try:
        while writer.committed < 3000 and writer.error is None and writer.is_alive():
            writer.stop.wait(0.01)
        before = writer.committed  # every row up to this one was committed before the backup began
        status, out, err = run(capsys, "backup", "copy.sqlite3")
        during = writer.committed
    finally:
        writer.stop.set()
        writer.join()
    assert writer.error is None
    assert status == 0, err
    assert "integrity check: ok" in out
    check, ids = rows_in(tmp_path / "copy.sqlite3")
    assert check == "ok"
    assert ids[:before] == list(range(1, before + 1))
    assert len(ids) == len(set(ids)) and ids == list(range(1, len(ids) + 1))  # a prefix: one moment's state
    assert before <= len(ids) <= max(during, before) + 1
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".copy")]  # no partial copy left


def test_backup_refuses_to_overwrite(capsys, monkeypatch, tmp_path):
    db = tmp_path / "tavolo.sqlite3"
    make_database(db)
    monkeypatch.setenv("TAVOLO_DATABASE", str(db))
    target = tmp_path / "old-backup"
    target.write_text("keep me")
    status, out, err = run(capsys, "backup", str(target))
    assert status == 2 and out == ""
    assert "--force" in err and str(target) in err
    assert target.read_text() == "keep me"
    status, out, err = run(capsys, "backup", str(target), "--force")
    assert status == 0, err
    assert rows_in(target)[0] == "ok"


def test_backup_of_a_missing_database(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("TAVOLO_DATABASE", str(tmp_path / "none.sqlite3"))
    status, _out, err = run(capsys, "backup", "copy.sqlite3")
    assert status == 1 and "no database" in err
    assert not (tmp_path / "none.sqlite3").exists() and not (tmp_path / "copy.sqlite3").exists()


@pytest.mark.parametrize(("url", "words"), [
    ("postgresql://alice:s3cret@db.example:6543/tavolo", ["--host=db.example", "--port=6543", "--username=alice",
                                                          "--dbname=tavolo"]),
    ("postgresql://alice@/tavolo?host=/run/postgresql&port=5433&password=s3cret",
     ["--host=/run/postgresql", "--port=5433", "--username=alice", "--dbname=tavolo"]),
])
def test_backup_of_postgresql_says_pg_dump_without_the_password(capsys, monkeypatch, url, words):
    monkeypatch.setenv("TAVOLO_DATABASE", url)
    status, out, err = run(capsys, "backup", "tavolo.dump")
    assert status == 2
    command = out.strip()
    assert command.startswith("pg_dump ") and "--file=tavolo.dump" in command
    assert all(w in command.split() for w in words)
    assert "pg_dump" in err and "s3cret" not in out + err


# ----- doctor -----
@contextlib.contextmanager
def as_nobody() -> Iterator[None]:
    """File permissions as an ordinary user sees them: as root (who may read and write anything), the
    effective user becomes ``nobody`` for the block."""
    if os.geteuid() != 0:
        yield
        return
    os.setegid(NOBODY)
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


@pytest.fixture
def open_folder():
    """A folder an ordinary user can reach (pytest's own are private to their owner); removed at the end."""
    folder = Path(tempfile.mkdtemp(prefix="tavolo-doctor-"))
    folder.chmod(0o755)
    yield folder
    for path in [folder, *folder.rglob("*")]:
        with contextlib.suppress(OSError):
            path.chmod(0o755 if path.is_dir() else 0o644)
    shutil.rmtree(folder)


def lines(out: str) -> list[str]:
    return out.strip().splitlines()


def test_doctor_passes_on_a_good_database(capsys, monkeypatch, tmp_path):
    db = tmp_path / "tavolo.sqlite3"
    make_database(db)
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO member_settings (user_id, language) VALUES (5, 'it')")
    conn.commit()
    conn.close()
    monkeypatch.setenv("TAVOLO_DATABASE", str(db))
    status, out, err = run(capsys, "doctor")
    assert status == 0, out + err
    found = lines(out)
    assert found[0].startswith("ok: the settings load")
    assert found[1].startswith("ok: the database") and "writes and reads" in found[1] and "new" not in found[1]
    assert found[2].startswith("not checked: Discord")
    assert len(found) == 3
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT user_id, language FROM member_settings").fetchall() == [(5, "it")]  # scratch gone
    conn.close()


def test_doctor_on_a_file_that_is_not_a_database(capsys, monkeypatch, tmp_path):
    db = tmp_path / "notes.txt"
    db.write_text("my notes, not a database\n" * 100)
    monkeypatch.setenv("TAVOLO_DATABASE", str(db))
    status, out, _err = run(capsys, "doctor")
    assert status == 1
    found = lines(out)
    assert found[0].startswith("ok: the settings load")
    assert found[1].startswith("PROBLEM: the database") and "not a SQLite database" in found[1]
    assert db.read_text() == "my notes, not a database\n" * 100


def test_doctor_on_an_unreadable_file(capsys, monkeypatch, open_folder):
    db = open_folder / "tavolo.sqlite3"
    make_database(db)
    db.chmod(0o000)
    monkeypatch.chdir(open_folder)
    monkeypatch.setenv("TAVOLO_DATABASE", str(db))
    with as_nobody():
        status, out, _err = run(capsys, "doctor")
    assert status == 1
    line = lines(out)[1]
    assert line.startswith("PROBLEM: the database") and "cannot be read" in line and "Permission denied" in line


def test_doctor_on_a_read_only_folder(capsys, monkeypatch, open_folder):
    folder = open_folder / "data"
    folder.mkdir()
    make_database(folder / "tavolo.sqlite3")
    (folder / "tavolo.sqlite3").chmod(0o666)
    folder.chmod(0o555)
    monkeypatch.chdir(open_folder)
    for name, says in (("tavolo.sqlite3", "writable"), ("new.sqlite3", "there is no database")):
        monkeypatch.setenv("TAVOLO_DATABASE", str(folder / name))  # an existing database (its journal), none
        with as_nobody():
            status, out, _err = run(capsys, "doctor")
        assert status == 1
        line = lines(out)[1]
        assert line.startswith("PROBLEM: ") and says in line, line
    assert sorted(p.name for p in folder.iterdir()) == ["tavolo.sqlite3"]


@pytest.mark.parametrize(("key", "value"), [("TAVOLO_AI_PROCESSES", "0"), ("TAVOLO_LOG_LEVEL", "loud"),
                                            ("DISCORD_CLIENT_ID", "me")])
def test_doctor_names_a_bad_setting(capsys, monkeypatch, tmp_path, key, value):
    monkeypatch.setenv(key, value)
    status, out, _err = run(capsys, "doctor")
    assert status == 2
    found = lines(out)
    assert found[0].startswith("PROBLEM: the settings") and key in found[0]
    assert not any(line.startswith("ok:") for line in found)
    assert not (tmp_path / "tavolo.sqlite3").exists()


def every_permission_but(*missing: str) -> discord.Permissions:
    return discord.Permissions(**{name: name not in missing for name in NEEDED})


def test_doctor_checks_the_login_and_each_servers_permissions(capsys, monkeypatch):
    fake = FakeDiscord([every_permission_but(), every_permission_but("manage_threads", "attach_files"),
                        discord.Permissions(administrator=True)]).install(monkeypatch)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    status, out, err = run(capsys, "doctor")
    assert status == 1, out + err
    found = lines(out)
    assert found[2].startswith("ok: the login works") and str(BOT_ID) in found[2]
    servers = {line.split("(id ")[1].split(")")[0]: line for line in found[3:]}
    assert servers["1000"].startswith("ok:")
    assert servers["1001"].startswith("PROBLEM:") and all(
        name in servers["1001"].split("lack ")[1] for name in ("Manage Threads", "Attach Files"))
    assert "View Channels" not in servers["1001"]
    assert servers["1002"].startswith("ok:")  # administrator implies everything
    assert f"get_member 1001 {BOT_ID}" in fake.calls
    assert TOKEN not in out + err


def test_doctor_with_every_permission_passes(capsys, monkeypatch, tmp_path):
    make_database(tmp_path / "tavolo.sqlite3")
    FakeDiscord([every_permission_but()]).install(monkeypatch)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    status, out, err = run(capsys, "doctor")
    assert status == 0, out + err
    assert not any(line.startswith(("PROBLEM", "not checked")) for line in lines(out))


def test_doctor_checks_at_most_25_servers(capsys, monkeypatch, tmp_path):
    make_database(tmp_path / "tavolo.sqlite3")
    fake = FakeDiscord([every_permission_but()] * 30).install(monkeypatch)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    status, out, _err = run(capsys, "doctor")
    assert status == 0
    assert len([c for c in fake.calls if c.startswith("get_guild ")]) == 25
    assert len([line for line in lines(out) if line.startswith("ok: server")]) == 25
    assert lines(out)[-1].startswith("not checked:") and "25" in lines(out)[-1]


def test_doctor_with_a_refused_token(capsys, monkeypatch):
    FakeDiscord(token="another").install(monkeypatch)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    status, out, _err = run(capsys, "doctor")
    assert status == 1
    assert lines(out)[-1].startswith("PROBLEM:") and "refused the token" in lines(out)[-1]


def test_doctor_says_when_the_bot_is_in_no_server(capsys, monkeypatch):
    FakeDiscord([]).install(monkeypatch)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    status, out, _err = run(capsys, "doctor")
    assert status == 1
    assert lines(out)[-1].startswith("PROBLEM:") and "invite" in lines(out)[-1]


# ----- forget-user -----
async def a_finished_game(path: Path, user_id: int) -> None:
    """A Briscola game of ``user_id`` (named "alice") against the AI, played to the end, and their language."""
    from bot.tables import TableService

    service = await TableService.open(path, ai_time_ms=1)
    try:
        t = await service.create(1, 10, user_id, "alice", "briscola", 2, {"turn_timer": "off"}, level="random",
                                 seed=5)
        await service.start(t.id, user_id)
        while True:
            await service.idle()
            try:
                service.get(t.id)
            except Exception:  # noqa: BLE001 - the table is gone: the game is stored
                break
            view = service.view(t.id, user_id)
            await service.act(t.id, user_id, view.legal[0])
        await service.store.save_member_language(user_id, "it")
    finally:
        await service.close()


async def what_is_stored(path: Path, user_id: int) -> tuple[int, str | None, list[str]]:
    """(their standings in guild 1, their language, the stored game records)."""
    async with Store(path) as store:
        standing = await store.standing(1, "briscola", user_id)
        language = await store.member_language(user_id)
        records = [str(await store.game_record(row.id)) for row in await store.games_of(1, user_id)]
    return (0 if standing is None else 1), language, records


def test_forget_user(capsys, monkeypatch, tmp_path):
    db = tmp_path / "tavolo.sqlite3"
    asyncio.run(a_finished_game(db, 7))
    assert asyncio.run(what_is_stored(db, 7))[:2] == (1, "it")
    monkeypatch.setenv("TAVOLO_DATABASE", str(db))
    status, out, err = run(capsys, "forget-user", "7", "--yes")
    assert status == 0, err
    assert "1 stored games" in out
    standing, language, records = asyncio.run(what_is_stored(db, 7))
    assert (standing, language, records) == (0, None, [])
    conn = sqlite3.connect(db)
    texts = [r[0] for r in conn.execute("SELECT record FROM games")]
    conn.close()
    assert len(texts) == 1 and "alice" not in texts[0] and '"user": 7' not in texts[0] and '"user":7' not in texts[0]


def test_forget_user_asks_first(capsys, monkeypatch, tmp_path):
    db = tmp_path / "tavolo.sqlite3"
    asyncio.run(a_finished_game(db, 7))
    monkeypatch.setenv("TAVOLO_DATABASE", str(db))
    status, _out, err = run(capsys, "forget-user", "7")  # not a terminal, no --yes: refused
    assert status == 2 and "--yes" in err
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    asked = []
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or "no")
    status, out, _err = run(capsys, "forget-user", "7")
    assert status == 1 and "Nothing was changed" in out
    assert len(asked) == 1 and "7" in asked[0]
    assert asyncio.run(what_is_stored(db, 7))[:2] == (1, "it")
    monkeypatch.setattr("builtins.input", lambda _prompt: "yes")
    status, out, _err = run(capsys, "forget-user", "7")
    assert status == 0 and asyncio.run(what_is_stored(db, 7))[:2] == (0, None)


def test_forget_user_of_a_missing_database(capsys, tmp_path):
    status, out, err = run(capsys, "forget-user", "7", "--yes")
    assert status == 1 and out == "" and "no database" in err
    assert list(tmp_path.iterdir()) == []  # no new, empty database made


@pytest.mark.parametrize("value", ["0", "-1", "18446744073709551616", "x"])
def test_forget_user_wants_a_discord_id(capsys, value):
    with pytest.raises(SystemExit) as exit_:
        main(["forget-user", value, "--yes"])
    assert exit_.value.code == 2
    assert "USER_ID" in capsys.readouterr().err


# ----- the AI's process pool -----
def test_ai_processes_default_and_setting(monkeypatch):
    assert Settings().ai_processes == max(1, min(4, os.cpu_count() or 1))
    monkeypatch.setenv("TAVOLO_AI_PROCESSES", "64")
    assert Settings().ai_processes == 64


@pytest.mark.parametrize("value", ["0", "65", "many"])
def test_ai_processes_out_of_range_is_refused(capsys, monkeypatch, value):
    monkeypatch.setenv("TAVOLO_AI_PROCESSES", value)
    status, out, err = run(capsys, "backup", "copy.sqlite3")
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "TAVOLO_AI_PROCESSES" in err
    assert ("64" if value == "65" else "1" if value == "0" else "integer") in err


def test_ai_pool_is_sized_by_the_setting(monkeypatch, tmp_path):
    import bot.app

    monkeypatch.setenv("TAVOLO_AI_PROCESSES", "3")
    monkeypatch.setenv("TAVOLO_DATABASE", str(tmp_path / "tavolo.sqlite3"))
    sizes = []

    class Pool:
        def __init__(self, max_workers):
            sizes.append(max_workers)

        def shutdown(self, wait=True, cancel_futures=False):
            pass

    async def no_login(self, token, *, reconnect=True):
        pass

    monkeypatch.setattr(bot.app, "ProcessPoolExecutor", Pool)
    async def no_close(self):
        pass

    monkeypatch.setattr(discord.AutoShardedClient, "start", no_login)  # (the bot is an AutoShardedBot)
    monkeypatch.setattr(discord.AutoShardedClient, "close", no_close)

    async def start_and_close() -> None:
        tavolo = bot.app.create_bot(Settings())
        await tavolo.start("token")
        await tavolo.close()

    asyncio.run(start_and_close())
    assert sizes == [3]
