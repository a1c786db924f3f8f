"""The engines' refusals as translatable templates: each ``N_`` template in ``rules/`` is a literal whose
``{fields}`` are exactly the keyword arguments its error is built with, the errors keep their template and
fields through pickling (the AI's process pool), and real refusals say the same English as before."""

from __future__ import annotations

import ast
import pickle
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from rules.actions import N_, Action, IllegalAction, OptionError, RulesError
from rules.games.briscola.engine import Briscola
from rules.games.chiamata.engine import Chiamata
from rules.games.cicera.round import CiceraRound
from rules.records import game_class

RULES = Path(__file__).resolve().parents[2] / "rules"
ERRORS = {"RulesError", "IllegalAction", "OptionError", "CardError"}


def _where(path: Path) -> str:
    """A module's path under ``rules/`` (games have modules of the same name, ``engine.py``)."""
    return str(path.relative_to(RULES))


def _is_marker(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_"


def _sites() -> list[tuple[str, int, ast.Call]]:
    """Every call of ``N_`` in ``rules/``: (file, line, call)."""
    found = []
    for path in sorted(RULES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if _is_marker(node):
                found.append((_where(path), node.lineno, node))
    return found


NAMING = {"GameSpec", "SummaryRow", "OptionSpec"}
"""A game's declared names (its title, turn, score unit, summary rows, the names of its own options and their
values) are marked with ``N_`` in its spec too."""


def _called(node: ast.AST) -> str | None:
    """The name a call calls (``OptionSpec`` for ``opts.OptionSpec(...)`` too)."""
    if not isinstance(node, ast.Call):
        return None
    return node.func.id if isinstance(node.func, ast.Name) else node.func.attr if isinstance(
        node.func, ast.Attribute) else None


def _declared_names() -> set[tuple[str, int]]:
    """The ``N_`` markers that name something a spec declares: inside a ``GameSpec(...)``, ``SummaryRow(...)`` or
    ``OptionSpec(...)``, a default of ``GameSpec``'s fields, or a ``..._LABELS`` table of a game's rows:
    (file, line)."""
    found = set()
    for path in sorted(RULES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        roots: list[ast.AST] = []
        for node in ast.walk(tree):
            if _called(node) in NAMING:
                roots.append(node)
            elif isinstance(node, ast.ClassDef) and node.name == "GameSpec":
                roots.extend(n for n in node.body if isinstance(n, ast.AnnAssign))
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id.endswith("_LABELS") for t in targets):
                    roots.append(node)
        for root in roots:
            found.update((_where(path), n.lineno) for n in ast.walk(root) if _is_marker(n))
    return found


def _errors_with_templates() -> list[tuple[str, int, str, set[str]]]:
    """Every error built with an ``N_`` template: (file, the template's line, template, the keyword names
    the error is given)."""
    found = []
    for path in sorted(RULES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ERRORS
                    and node.args and _is_marker(node.args[0])):
                marker = node.args[0]
                assert isinstance(marker, ast.Call)
                arg = marker.args[0]
                assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), (_where(path), node.lineno)
                found.append((_where(path), marker.lineno, arg.value, {k.arg for k in node.keywords if k.arg}))
    return found


def _extracted() -> set[str]:
    """The templates Babel extracts from ``rules/`` with the ``N_`` keyword (as the catalogue tool does)."""
    return {message for _file, _line, message, _comments, _context in
            extract_from_dir(str(RULES), keywords={"N_": None})}


def _fields(template: str) -> set[str]:
    fields = set()
    for _literal, name, spec, conversion in string.Formatter().parse(template):
        if name is not None:
            assert name.isidentifier() and not spec and conversion is None, f"{template!r}: field {name!r}"
            fields.add(name)
    return fields


def test_the_engines_mark_their_refusals():
    templates = _errors_with_templates()
    assert len(templates) >= 40
    assert any(t == "{card} is not in your hand" for _f, _l, t, _k in templates)


def test_every_marker_is_one_literal_template_of_an_error():
    sites = _sites()
    built = {(f, line) for f, line, _t, _k in _errors_with_templates()}
    for file, line, call in sites:
        assert len(call.args) == 1 and not call.keywords, f"{file}:{line}"
        assert isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str), f"{file}:{line}"
    # each marker is the template (first argument) of an engine error, or a name a game's spec declares
    names = _declared_names()
    assert {(f, line) for f, line, _c in sites} <= built | names, "an N_ text that is not an error's template"
    for file, line, call in sites:
        if (file, line) in names:
            assert not _fields(call.args[0].value), f"{file}:{line}: a declared name has no fields"


@pytest.mark.parametrize("site", _errors_with_templates(), ids=lambda s: f"{s[0]}:{s[1]}")
def test_a_template_formats_with_exactly_the_fields_it_is_given(site):
    file, line, template, keywords = site
    assert "%" not in template, f"{file}:{line}"
    fields = _fields(template)  # a stray brace does not parse
    assert fields == keywords, f"{file}:{line}: the template names {fields}, the raise gives {keywords}"
    filled = template.format(**{k: "X" for k in keywords})
    assert "{" not in filled and "}" not in filled, f"{file}:{line}: {filled!r}"


def test_babel_extracts_every_template():
    names = _declared_names()
    declared = {call.args[0].value for f, line, call in _sites() if (f, line) in names}
    assert {t for _f, _l, t, _k in _errors_with_templates()} | declared == _extracted()


def test_an_error_keeps_its_template_and_fields_through_pickling():
    e = IllegalAction(N_("{card} is not in your hand"), card="Ad")
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is IllegalAction
    assert (str(back), back.template, back.fields) == ("Ad is not in your hand", "{card} is not in your hand",
                                                      {"card": "Ad"})
    plain = pickle.loads(pickle.dumps(OptionError("a {brace} that is no field")))
    assert type(plain) is OptionError and str(plain) == plain.template == "a {brace} that is no field"
    assert plain.fields == {}


def _refusal(act) -> RulesError:
    with pytest.raises(RulesError) as err:
        act()
    return err.value


def _briscola() -> Briscola:
    """Seat 0 holds Ad 3c Rs; seat 1 holds Fs; trump exchange off."""
    return Briscola(2, {"trump_exchange": "off"}, seed=0)


@pytest.mark.parametrize("act, kind, english", [
    (lambda: _briscola().apply(Action.play("Fs"), 0), IllegalAction, "Fs is not in your hand"),
    (lambda: _briscola().apply(Action.exchange("7d"), 0), IllegalAction, "trump exchange is off at this table"),
    (lambda: _chiamata_after_r().apply(Action.make_bid("A"), 2), IllegalAction,
     "bid a rank lower than R: one of C F 7 6 5 4 2"),
    (lambda: CiceraRound.position([["7d", "Ab"], ["2b"], ["3b"], ["4b"]], "3d 5c Rb", to_move=0).check(
        Action.play("7d", ["3d", "5c"])), IllegalAction,
     "3d + 5c add up to 8, not 7: a capture by sum must add up to the value of 7d"),
    (lambda: game_class("briscola").validate_options(2, {"match": "forever"}), OptionError,
     "bad value 'forever' for option 'match' with 2 players; allowed: single, short, long"),
    (lambda: game_class("briscola").validate_options(2, {"teams": "on"}), OptionError,
     "option 'teams' applies only to briscola with 4, 6 players, not 2"),
    (lambda: Action.parse("dance"), RulesError, "cannot read 'dance' as an action"),
], ids=["not-in-hand", "exchange-off", "chiamata-bid", "cicera-sum", "option-value", "option-players", "parse"])
def test_a_refusal_says_the_old_english_from_an_extracted_template(act, kind, english):
    e = _refusal(act)
    assert type(e) is kind
    assert str(e) == english
    assert e.template in _extracted()
    assert (e.template.format(**e.fields) if e.fields else e.template) == english


def _chiamata_after_r() -> Chiamata:
    m = Chiamata(5, {}, seed=0, first_dealer=0)
    m.apply(Action.make_bid("R"), 1)
    return m


def test_a_record_error_stays_a_plain_english_text():
    e = _refusal(lambda: Action.from_json({"seat": 0, "fly": 1}))
    assert e.template == str(e) and e.fields == {}
    assert e.template not in _extracted()
