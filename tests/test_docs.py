#!/usr/bin/env python3
"""The documentation against the program (issue 24): run by ctest, one check a test.

  python3 tests/test_docs.py GOCOUNT CHECK

CHECK is one of:
  generated  the files scripts/gen_reference.py writes are what it writes now
  options    every option of every subcommand's --help is in the CLI reference and the man page
  gtp        every command of `list_commands` and of `gogui-analyze_commands` is in the GTP reference
  http       every endpoint the server registers and every field it knows is in the HTTP reference
  json       every field of docs/score.schema.json is in the JSON reference
  errors     every file of the malformed-input suite is in the error reference
  links      every relative link and image in README.md and docs/ resolves
  examples   every `$ gocount ...` example in README.md and docs/ prints today what is pasted under it
"""
import glob
import json
import shlex
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REGENERATE = "run: python3 scripts/gen_reference.py build/gocount"
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import gen_reference  # noqa: E402  (the same parsing of --help as the generator)


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def missing(names, text, where):
    gone = [n for n in names if n not in text]
    return [f"{where} lacks {n}" for n in gone]


def helps(binary):
    bindir = tempfile.mkdtemp(prefix="gocount-bin-")
    try:
        os.symlink(binary, os.path.join(bindir, "gocount"))
        top = gen_reference.run_help(bindir, ["--help"])
        return {s: gen_reference.run_help(bindir, [s, "--help"]) for s in gen_reference.subcommands(top)}
    finally:
        shutil.rmtree(bindir)


def check_generated(binary):
    out = tempfile.mkdtemp(prefix="gocount-gen-")
    try:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "gen_reference.py"), binary, "--out", out],
                       check=True)
        errors = []
        for path in glob.glob(os.path.join(out, "**", "*"), recursive=True):
            if os.path.isdir(path):
                continue
            rel = os.path.relpath(path, out)
            with open(path, encoding="utf-8") as f:
                new = f.read()
            try:
                old = read(rel)
            except FileNotFoundError:
                errors.append(f"{rel} is not committed")
                continue
            if rel.endswith(".1"):  # help2man's version comment and the date it was written
                new, old = (re.sub(r'(?m)^\.(\\"|TH ).*\n', "", t) for t in (new, old))
            if new != old:
                errors.append(f"{rel} differs from what the program's help gives now")
        if not os.path.exists(os.path.join(out, "docs", "man", "gocount.1")):
            print("help2man not found: the man page is not regenerated, only checked for every option")
        return errors
    finally:
        shutil.rmtree(out)


def check_options(binary):
    cli = read("docs/reference/cli.md")
    man = read("docs/man/gocount.1").replace("\\-", "-")
    errors = []
    for sub, text in helps(binary).items():
        names = [n for short, long_, _, _ in gen_reference.options(text) for n in (short, long_) if n]
        if not names:
            errors.append(f"no option read from `gocount {sub} --help`")
        errors += missing([f"## gocount {sub}"], cli, "docs/reference/cli.md")
        section = cli.split(f"## gocount {sub}\n", 1)[-1].split("\n## ", 1)[0]
        errors += missing(names, section, f"docs/reference/cli.md, gocount {sub},")
        man_section = man.split(f".SH \"COMMAND {sub.upper()}\"", 1)
        if len(man_section) < 2:
            errors.append(f"docs/man/gocount.1 has no section for {sub}")
        else:
            errors += missing(names, man_section[1].split(".SH ", 1)[0], f"docs/man/gocount.1, {sub},")
    return errors


def gtp_answers(binary, command):
    out = subprocess.run([binary, "gtp", "--no-estimate"], input=f"{command}\nquit\n", capture_output=True,
                         text=True, check=True).stdout
    body = out.split("\n\n", 1)[0]
    assert body.startswith("= "), f"{command}: {body}"
    return [line.strip() for line in body[2:].splitlines() if line.strip()]


def check_gtp(binary):
    ref = read("docs/reference/gtp.md")
    commands = gtp_answers(binary, "list_commands")
    errors = [] if len(commands) > 10 else [f"list_commands answered only {commands}"]
    errors += missing([f"`{c}" for c in commands], ref, "docs/reference/gtp.md")
    analyze = gtp_answers(binary, "gogui-analyze_commands")
    # type/label/command: the command (with its arguments) and the label, as GoGui shows them.
    errors += missing([a.split("/", 2)[2] for a in analyze], ref, "docs/reference/gtp.md (gogui-analyze_commands)")
    errors += missing([a.split("/", 2)[1] for a in analyze], ref, "docs/reference/gtp.md (gogui-analyze_commands)")
    return errors


def serve(binary):
    proc = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    line = proc.stdout.readline()
    port = re.search(r"127\.0\.0\.1:(\d+)", line)
    if not port:
        proc.kill()
        raise SystemExit(f"gocount serve printed {line!r}, no port")
    return proc, int(port.group(1))


def known_fields(port, method, path):
    """The fields an endpoint reads, from its own refusal of a field it does not."""
    url = f"http://127.0.0.1:{port}{path}?no_such_field=1"
    req = urllib.request.Request(url, data=b"" if method == "Post" else None, method=method.upper())
    try:
        with urllib.request.urlopen(req, timeout=10):
            return []
    except urllib.error.HTTPError as e:
        known = re.search(r"\(known: ([^)]*)\)", json.loads(e.read()).get("error", ""))
        return [f for f in known.group(1).split(", ") if f] if known else []


def check_http(binary):
    ref = read("docs/reference/http.md")
    routes = [(m.capitalize(), p) for m, p in
              re.findall(r'\.(Get|Post|get|post)\("(/api/[^"]+)"', read("apps/serve.cpp"))]
    errors = [] if routes else ["no endpoint found in apps/serve.cpp"]
    errors += [f"docs/reference/http.md lacks {path}" for path in sorted({p for _, p in routes})
               if not re.search(re.escape(path) + r"(?![\w/-])", ref)]
    proc, port = serve(binary)
    try:
        fields = set()
        for method, path in routes:
            fields.update(known_fields(port, method, path))
        if not fields:
            errors.append("the server named no field it reads (its refusal of an unknown field changed?)")
        errors += missing(sorted(f"`{f}`" for f in fields), ref, "docs/reference/http.md (fields)")
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    return errors


def check_json(binary):
    ref = read("docs/reference/json-fields.md")
    schema = json.loads(read("docs/score.schema.json"))
    names = {path for path, _, _ in gen_reference.schema_fields(schema)}
    return missing(sorted(f"`{n}`" for n in names), ref, "docs/reference/json-fields.md")


def check_errors(binary):
    ref = read("docs/reference/errors.md")
    files = sorted(os.path.basename(f) for f in glob.glob(os.path.join(ROOT, "tests", "data", "malformed", "*")))
    return (["tests/data/malformed is empty"] if not files else []) + missing(
        [f"`{f}`" for f in files], ref, "docs/reference/errors.md")


LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|<img[^>]*\bsrc=\"([^\"]+)\"")


def check_links(binary):
    pages = [os.path.join(ROOT, "README.md")] + glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True)
    errors, seen = [], 0
    for page in pages:
        with open(page, encoding="utf-8") as f:
            text = re.sub(r"(?ms)^```.*?^```", "", f.read())  # code blocks hold no links
        for m in LINK.finditer(text):
            target = m.group(1) or m.group(2)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue
            seen += 1
            path = os.path.normpath(os.path.join(os.path.dirname(page), target.split("#", 1)[0]))
            if not os.path.exists(path):
                errors.append(f"{os.path.relpath(page, ROOT)}: link to {target} does not resolve")
    return errors if seen else ["no relative link found"]


def examples():
    """(page, command, text pasted under it) for each `$ gocount ...` line of a code block that a
    plain command runs (no pipe, redirection or glob; its output is the block's lines up to the next `$ `)."""
    pages = [os.path.join(ROOT, "README.md")] + glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True)
    for page in sorted(pages):
        with open(page, encoding="utf-8") as f:
            blocks = re.findall(r"(?ms)^```[a-z]*\n(.*?)^```", f.read())
        for block in blocks:
            for seg in re.split(r"(?m)^(?=\$ )", block):
                command, _, text = seg.partition("\n")
                if command.startswith("$ gocount ") and not re.search(r"[|<>*&;]", command):
                    yield os.path.relpath(page, ROOT), command[2:], text


def paste(page, command, old, out):
    """Replaces the output pasted under `$ command` in page with out."""
    path = os.path.join(ROOT, page)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    new = out.rstrip("\n") + ("\n" if old.endswith("\n") else "")
    text = text.replace(f"$ {command}\n{old}", f"$ {command}\n{new}", 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def check_examples(binary):
    bindir = tempfile.mkdtemp(prefix="gocount-bin-")
    errors, seen = [], 0
    try:
        os.symlink(binary, os.path.join(bindir, "gocount"))
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""), NO_COLOR="1")
        for page, command, text in examples():
            seen += 1
            out = subprocess.run(shlex.split(command), cwd=ROOT, env=env, capture_output=True, text=True).stdout
            if out.rstrip("\n") == text.rstrip("\n"):
                continue
            if os.environ.get("GOCOUNT_UPDATE_DOCS"):  # as GOCOUNT_UPDATE_GOLDEN: look at the diff
                paste(page, command, text, out)
            else:
                errors.append(f"{page}: `{command}` prints something else now: rerun it and paste its output"
                              " (GOCOUNT_UPDATE_DOCS=1 pastes it)")
    finally:
        shutil.rmtree(bindir)
    return errors if seen else ["no `$ gocount` example found"]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, check = os.path.abspath(sys.argv[1]), sys.argv[2]
    errors = globals()[f"check_{check}"](binary)
    for e in errors:
        print(e)
    if errors:
        if check != "examples":
            print(REGENERATE if check in ("generated", "options", "json") else
                  "add them to the reference in docs/reference/")
        sys.exit(1)
    print(f"{check}: ok")


if __name__ == "__main__":
    main()
