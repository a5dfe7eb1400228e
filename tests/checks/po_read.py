"""A gettext catalogue (po/LANG.po) read as the tests need it: msgid → msgstr, without its header, leaving out what
attnlab leaves out (an entry marked fuzzy, an empty msgstr, one commented out by msgmerge: "#~")."""


def c_string(literal):
    """A C string literal's contents (between its quotes) as the text it stands for."""
    return bytes(literal, "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def po_entries(path, keep_untranslated=False):
    entries, field, fuzzy, current = {}, None, False, {"msgid": "", "msgstr": ""}

    def close():
        if current["msgid"] and not fuzzy and (current["msgstr"] or keep_untranslated):
            entries[current["msgid"]] = current["msgstr"]

    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = line.strip()
        if not line:
            close()
            field, fuzzy, current = None, False, {"msgid": "", "msgstr": ""}
            continue
        if line.startswith("#"):
            fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
            continue
        for word in ("msgid", "msgstr"):
            if line.startswith(word + " "):
                field, line = word, line[len(word) + 1:]
        if field:
            current[field] += c_string(line[1:-1])
    return entries
