"""The typed stubs of the browser surface (typings/, typings/README.md) against the real
runtime: every name they declare exists in the booted page's Python, as what they declare
(a JavaScript object, a function taking the keywords declared, an exception class)."""

from __future__ import annotations

import ast

import pytest
from playwright.sync_api import Page

from tests.engine.helpers import TYPINGS, declared

from .helpers import open_fresh, run_python

pytestmark = pytest.mark.same_tab  # a fresh game each, in one booted tab (conftest.py)

CHECK = """
import importlib, inspect

result = {}
for name, (positional, keywords) in NAMES.items():
    module, _, attr = name.rpartition(".")
    try:
        value = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as error:
        result[name] = ["missing", type(error).__name__]
        continue
    if isinstance(value, type):
        result[name] = ["exception" if issubclass(value, Exception) else "class", ""]
    elif callable(value):
        try:  # the call the stub allows binds to the real signature
            inspect.signature(value).bind(*range(positional), **dict.fromkeys(keywords))
            result[name] = ["function", ""]
        except TypeError as error:
            result[name] = ["function", str(error)]
    else:
        result[name] = ["object", type(value).__name__]
"""


def parameters(name: str) -> tuple[int, list[str]]:
    """How many positional parameters the stub declares for the function ``name`` (all
    of them given), and its keyword-only parameters."""
    module, _, attr = name.rpartition(".")
    stub = TYPINGS.joinpath(*module.split("."))
    path = stub / "__init__.pyi" if stub.is_dir() else stub.with_suffix(".pyi")
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef) and node.name == attr:
            return len(node.args.posonlyargs + node.args.args), [a.arg for a in node.args.kwonlyargs]
    return 0, []


def test_every_name_of_the_stubs_is_real_and_of_its_kind(page: Page, site_url: str) -> None:
    stubs = declared(TYPINGS)
    names = {name: parameters(name) for name in stubs}
    assert names["pyscript.ffi.to_js"] == (1, ["dict_converter"])  # the parameters are read
    open_fresh(page, site_url)
    found = run_python(page, f"NAMES = {names!r}\n{CHECK}")
    assert set(found) == set(stubs)
    for name, kind in stubs.items():
        real, detail = found[name]
        assert real == kind, f"{name}: the stub declares a {kind}, the page has a {real} ({detail})"
        if kind == "function":
            assert detail == "", f"{name}: the page's function refuses the stub's call: {detail}"
        if kind == "object":
            assert detail.startswith("Js"), f"{name}: {detail}, not a JavaScript object"
