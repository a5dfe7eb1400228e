"""A scenario shown inline in a notebook (Jupyter, JupyterLab, VS Code, Colab), or anywhere HTML is
shown: an iframe holding the one-file page (attnlab.html: the app, its data and font inside), which
needs no server and no network, or pointing at a hosted page (base=)."""

import html
import json
import os
import re
import urllib.parse

from . import _text

PANELS = ("Lesson", "Matrices", "Scores", "Softmax", "Rank", "Output", "Geometry")
THEMES = ("light", "dark")


def page_path():
    """Where the one-file page is: $ATTNLAB_PAGE; else beside this package (pip install ./python
    takes it along once scripts/web has put it there); else build-web/ of the checkout this package
    sits in (PYTHONPATH=python). None when there is none."""
    here = os.path.dirname(os.path.abspath(__file__))
    for path in (os.environ.get("ATTNLAB_PAGE"), os.path.join(here, "attnlab.html"),
                 os.path.join(here, "..", "..", "build-web", "attnlab.html")):
        if path and os.path.isfile(path):
            return os.path.normpath(path)
    return None


MISSING_PAGE = ("attnlab.html, the one-file page, was not found, so the page cannot be shown here: build it "
                "with scripts/web in attnlab's repository (which also copies it into python/attnlab/, for pip "
                "install ./python to take along), set ATTNLAB_PAGE to its path, or pass base='https://…/' to show "
                "a hosted page instead")


def native_binary():
    """The desktop app, for Scenario.dump(): $ATTNLAB_BIN, attnlab on the PATH, or build/app/attnlab of
    the checkout this package sits in."""
    import shutil
    here = os.path.dirname(os.path.abspath(__file__))
    for path in (os.environ.get("ATTNLAB_BIN"), shutil.which("attnlab"),
                 os.path.join(here, "..", "..", "build", "app", "attnlab")):
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.normpath(path)
    raise FileNotFoundError("the attnlab app was not found (set ATTNLAB_BIN, put attnlab on the PATH, or build it "
                            "with scripts/build in attnlab's repository); show() needs no app, dump() does")


def _query(panels, theme, lang=None):
    query = []
    if panels is not None:
        if isinstance(panels, str):
            panels = [p for p in panels.split(",") if p]
        names = []
        for p in panels:
            match = [name for name in PANELS if name.lower() == str(p).lower()]
            if not match:
                raise ValueError("panels: %r is not a panel; expected some of %s" % (p, ", ".join(PANELS)))
            names.append(match[0])
        if not names:
            raise ValueError("panels: expected at least one of %s" % ", ".join(PANELS))
        query.append("embed=" + ",".join(names))
    if theme is not None:
        if theme not in THEMES:
            raise ValueError("theme: expected \"light\" or \"dark\", got %r" % (theme,))
        query.append("theme=" + theme)
    if lang is not None:
        # The page's ?lang= (docs/languages.md): a language's code, never more, since it goes into an address.
        if not isinstance(lang, str) or not _LANGUAGE_CODE.fullmatch(lang):
            raise ValueError("lang: expected a language's code such as \"zh\", \"es\" or \"pt\", got %r" % (lang,))
        query.append("lang=" + lang)
    return ("?" + "&".join(query)) if query else ""


_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:[-_](?:[A-Z]{2}|[0-9]{3}))?")


class Shown:
    """What Scenario.show() returns: notebooks display it (_repr_html_); .html is the markup."""

    def __init__(self, scenario, panels=None, width=1200, height=560, base=None, theme="light", lang=None):
        for name, value in (("width", width), ("height", height)):
            if not isinstance(value, int) or isinstance(value, bool) or not 200 <= value <= 8192:
                raise ValueError("%s: expected a whole number of pixels from 200 to 8192, got %r" % (name, value))
        self.scenario = scenario
        query = _query(panels, theme, lang)
        fragment = scenario.link("")  # "#z=…"
        title = html.escape("attnlab: " + (scenario.fields.get("title") or "a scenario"), quote=True)
        frame = 'title="%s" width="%d" height="%d" style="border: 1px solid #bbb; max-width: 100%%;"' % (title, width, height)
        if base is not None:
            if not isinstance(base, str) or urllib.parse.urlsplit(base).scheme not in ("http", "https", "file"):
                raise ValueError("base: expected the address of a hosted page (https://…), got %r" % (base,))
            address = base.split("#")[0]
            address += ("&" + query[1:] if "?" in address else query) if query else ""
            self.html = '<iframe %s src="%s"></iframe>' % (frame, html.escape(address + fragment, quote=True))
            return
        path = page_path()
        if path is None:
            # Said where the page would be, so that a notebook still runs from top to bottom.
            self.html = "<p>%s</p>" % html.escape(MISSING_PAGE)
            return
        with open(path, encoding="utf-8") as f:
            page = f.read()
        # The page reads its address from window.attnlabAddress when it has none of its own (srcdoc).
        address = "<script>window.attnlabAddress = %s;</script>" % json.dumps(
            {"hash": fragment, "search": query}).replace("<", "\\u003c")
        at = page.find("<script")
        page = page[:at] + address + page[at:]
        self.html = '<iframe %s srcdoc="%s"></iframe>' % (frame, page.replace("&", "&amp;").replace('"', "&quot;"))

    def _repr_html_(self):
        return self.html

    def __repr__(self):
        return "<attnlab page: %r>" % (self.scenario,)
