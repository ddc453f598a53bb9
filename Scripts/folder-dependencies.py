#!/usr/bin/env python3
"""Lists the dependencies between the folders of a Swift module and fails when they form a cycle.

The library's layers are targets (Package.swift: ProfilePlatform, ProfileModel, ProfileResolution, ProfileInterop,
ProfileGeneration, ProfileProcess), so the compiler refuses an upward import between them; what it cannot see is the
order of the folders inside one target, which this checks (by default for each of those targets).

A folder depends on another when one of its files uses a type, free function or global declared in the other
(extending a type declared there counts: the extension names it), or calls a member that a file of the other adds to
a type from outside the module (`extension String { func replacingAll ... }`, shown as `.replacingAll`). Comments and
the text of string literals are stripped before identifiers are read (the code inside `\\(...)` interpolations is
kept), so a name in a comment, a doc comment or a message is not a use.

By default nested folders are folded into their top-level folder (`Exports/Xcode` would count as `Exports`);
`--nested` keeps each folder as its own node. Prints one line per edge, `Resolution -> YAML (3 files): Mark, Node`,
then the cycles if there are any. Exit status: 0 without a cycle, 1 with one (the cycles are listed), 2 for a usage
error. Standard library only.

    python3 Scripts/folder-dependencies.py                       # each layer target's folders
    python3 Scripts/folder-dependencies.py --sources Sources/ProfileModel --dot | dot -Tsvg > folders.svg
"""

import argparse
import os
import re
import sys
from collections import defaultdict

TYPE_KEYWORDS = {"struct", "enum", "class", "protocol", "actor", "typealias"}
VALUE_KEYWORDS = {"func", "let", "var"}
MEMBER_KEYWORDS = {"func", "let", "var", "case", "subscript"}
IDENTIFIER = re.compile(r"`?([A-Za-z_][A-Za-z0-9_]*)`?")
RAW_STRING_START = re.compile(r'(#*)("""|")')


# Stripping comments and string literals ------------------------------------------------------------------------------


def strip_comments_and_strings(text):
    """The code of `text` with comments and the text of string literals removed.

    A comment becomes a space, a string literal becomes `""` with the code of its interpolations kept between the
    quotes. Line breaks are kept, so line numbers stay the same.
    """
    out = []
    _code(text, 0, out, interpolation=False)
    return "".join(out)


def _code(text, i, out, interpolation):
    """Copies code from `i`; inside an interpolation, stops after the parenthesis that closes it."""
    depth = 0
    n = len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            out.append(" ")
            continue
        if text.startswith("/*", i):
            i = _block_comment(text, i, out)
            continue
        if c == '"' or (c == "#" and RAW_STRING_START.match(text, i)):
            i = _string(text, i, out)
            continue
        if interpolation:
            if c == "(":
                depth += 1
            elif c == ")":
                if depth == 0:
                    return i + 1
                depth -= 1
        out.append(c)
        i += 1
    return i


def _block_comment(text, i, out):
    """Skips a (nested) block comment starting at `i`, keeping its line breaks."""
    depth = 0
    n = len(text)
    while i < n:
        if text.startswith("/*", i):
            depth += 1
            i += 2
        elif text.startswith("*/", i):
            depth -= 1
            i += 2
            if depth == 0:
                break
        else:
            if text[i] == "\n":
                out.append("\n")
            i += 1
    out.append(" ")
    return i


def _string(text, i, out):
    """Skips a string literal (plain, multi-line, raw) starting at `i`; keeps the code of its interpolations."""
    match = RAW_STRING_START.match(text, i)
    hashes, quotes = match.group(1), match.group(2)
    closing = quotes + hashes
    escape = "\\" + hashes
    multiline = quotes == '"""'
    i = match.end()
    n = len(text)
    out.append('"')
    while i < n:
        if text.startswith(escape, i):
            after = i + len(escape)
            if text.startswith("(", after):
                out.append(" ")
                i = _code(text, after + 1, out, interpolation=True)
                out.append(" ")
            else:
                i = after + 1
            continue
        if text.startswith(closing, i):
            i += len(closing)
            break
        if text[i] == "\n":
            out.append("\n")
            if not multiline:  # an unterminated single-line literal ends at the line break
                i += 1
                break
        i += 1
    out.append('"')
    return i


# Reading declarations and uses ---------------------------------------------------------------------------------------


def tokens(code):
    """Identifiers and the punctuation that matters (`{`, `}`, `.`, `:`), in order."""
    result = []
    for match in re.finditer(r"`?[A-Za-z_][A-Za-z0-9_]*`?|[{}.:]", code):
        token = match.group(0)
        result.append(token.strip("`"))
    return result


def is_identifier(token):
    return bool(IDENTIFIER.fullmatch(token))


class SourceFile:
    def __init__(self, path, folder, code):
        self.path = path
        self.folder = folder
        self.tokens = tokens(code)
        self.types = set()  # top-level types, typealiases
        self.values = set()  # top-level functions and globals
        self.extended = []  # (type name, [member names]) of top-level extensions
        self.members = set()  # every name declared below the top level
        self._read_declarations()

    def _read_declarations(self):
        depth = 0
        toks = self.tokens
        extension = None  # the extension whose body is open at depth 1
        for index, token in enumerate(toks):
            if token == "{":
                depth += 1
                continue
            if token == "}":
                depth -= 1
                if depth == 0:
                    extension = None
                continue
            following = toks[index + 1] if index + 1 < len(toks) else ""
            if depth == 0:
                if token in TYPE_KEYWORDS and is_identifier(following):
                    self.types.add(following)
                elif token in VALUE_KEYWORDS and is_identifier(following):
                    self.values.add(following)
                elif token == "extension" and is_identifier(following):
                    extension = (following, [])
                    self.extended.append(extension)
            else:
                if token in MEMBER_KEYWORDS and is_identifier(following):
                    self.members.add(following)
                    if depth == 1 and extension is not None and token != "case":
                        extension[1].append(following)


def folder_of(relative_path, nested):
    parts = relative_path.split(os.sep)[:-1]
    if not parts:
        return "(top)"
    return "/".join(parts) if nested else parts[0]


def read_sources(root, nested):
    files = []
    for directory, subdirectories, names in os.walk(root):
        subdirectories.sort()
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, root)
            with open(path, encoding="utf-8", errors="replace") as handle:
                code = strip_comments_and_strings(handle.read())
            files.append(SourceFile(relative, folder_of(relative, nested), code))
    return files


def dependencies(files, module=None):
    """{(from, to): {file: set(names)}} for every folder that uses a declaration of another."""
    declared = defaultdict(set)  # name -> folders declaring it at the top level
    kinds = {}
    for source in files:
        for name in source.types:
            declared[name].add(source.folder)
            kinds[name] = "type"
        for name in source.values:
            declared[name].add(source.folder)
            kinds.setdefault(name, "value")
    # Members added to types from outside the module (`extension String`), when no other folder declares anything
    # of that name below the top level: a call `.replacingAll(...)` then can only mean that one.
    member_folders = defaultdict(set)
    for source in files:
        for name in source.members:
            member_folders[name].add(source.folder)
    added = {}  # member name -> folder
    for source in files:
        for type_name, members in source.extended:
            if type_name in declared:
                continue
            for member in members:
                if member_folders[member] == {source.folder} and member not in declared:
                    added[member] = source.folder

    edges = defaultdict(lambda: defaultdict(set))
    for source in files:
        toks = source.tokens
        for index, token in enumerate(toks):
            if not is_identifier(token):
                continue
            previous = toks[index - 1] if index > 0 else ""
            following = toks[index + 1] if index + 1 < len(toks) else ""
            if previous == "." and not (index >= 2 and toks[index - 2] == module):
                folder = added.get(token)
                if folder is not None and folder != source.folder:
                    edges[(source.folder, folder)][source.path].add("." + token)
                continue
            folders = declared.get(token)
            if not folders or source.folder in folders:
                continue
            if kinds[token] == "value" and following == ":":  # an argument label or a declaration, not a use
                continue
            if previous in VALUE_KEYWORDS or previous in TYPE_KEYWORDS or previous == "case":
                continue  # a local declaration that happens to share the name
            for folder in folders:
                edges[(source.folder, folder)][source.path].add(token)
    return edges


# Cycles --------------------------------------------------------------------------------------------------------------


def strongly_connected_components(nodes, graph):
    """Tarjan's algorithm; returns the components with more than one node, each sorted, in a stable order."""
    index_of, low, stack, on_stack, components = {}, {}, [], set(), []
    counter = [0]

    def visit(node):
        index_of[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph.get(node, ())):
            if successor not in index_of:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index_of[successor])
        if low[node] == index_of[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(nodes):
        if node not in index_of:
            visit(node)
    return sorted(components)


def elementary_cycles(component, graph, limit=20):
    """The simple cycles inside one component, shortest first, each starting at its smallest node (at most `limit`)."""
    members = set(component)
    cycles = []

    def walk(start, node, path, seen):
        for successor in sorted(graph.get(node, ())):
            if successor not in members or successor < start:
                continue
            if successor == start:
                cycles.append(path + [start])
            elif successor not in seen:
                seen.add(successor)
                walk(start, successor, path + [successor], seen)
                seen.discard(successor)

    for start in sorted(members):
        walk(start, start, [start], {start})
    cycles.sort(key=lambda cycle: (len(cycle), cycle))
    return cycles[:limit], len(cycles)


# Output --------------------------------------------------------------------------------------------------------------


def graph_of(edges):
    graph = defaultdict(set)
    for source, target in edges:
        graph[source].add(target)
    return graph


def text_report(files, edges, components, graph, verbose):
    lines = []
    folders = sorted({source.folder for source in files})
    lines.append(f"{len(files)} files in {len(folders)} folders: {', '.join(folders)}")
    for (source, target) in sorted(edges):
        uses = edges[(source, target)]
        names = sorted(set().union(*uses.values()), key=lambda name: (name.lstrip(".").lower(), name))
        count = len(uses)
        lines.append(f"{source} -> {target} ({count} file{'s' if count != 1 else ''}): {', '.join(names)}")
        if verbose:
            for path in sorted(uses):
                lines.append(f"    {path}: {', '.join(sorted(uses[path]))}")
    if not components:
        lines.append("no cycles")
        return lines
    lines.append("")
    lines.append(f"{len(components)} cycle{'s' if len(components) != 1 else ''} (strongly connected folders):")
    for component in components:
        lines.append(f"  {{{', '.join(component)}}}")
        mutual = [
            (a, b) for a in component for b in component if a < b and b in graph.get(a, ()) and a in graph.get(b, ())
        ]
        for a, b in mutual:
            lines.append(f"    {a} <-> {b}")
        cycles, total = elementary_cycles(component, graph)
        for cycle in cycles:
            if len(cycle) > 3:
                lines.append(f"    {' -> '.join(cycle)}")
        if total > len(cycles):
            lines.append(f"    ... {total - len(cycles)} more")
    return lines


def dot_report(files, edges, components):
    component_of = {}
    for number, component in enumerate(components):
        for folder in component:
            component_of[folder] = number
    lines = ["digraph folders {", "    rankdir=LR;", "    node [shape=box, fontname=Helvetica];"]
    for folder in sorted({source.folder for source in files}):
        colour = ", color=red, fontcolor=red" if folder in component_of else ""
        lines.append(f'    "{folder}"[label="{folder}"{colour}];')
    for (source, target) in sorted(edges):
        count = len(edges[(source, target)])
        cyclic = source in component_of and component_of.get(source) == component_of.get(target)
        style = ", color=red, fontcolor=red, penwidth=2" if cyclic else ""
        lines.append(f'    "{source}" -> "{target}" [label="{count}"{style}];')
    lines.append("}")
    return lines


# The library's layer targets, bottom up: the folders inside each are checked.
LAYER_TARGETS = [
    "ProfilePlatform", "ProfileModel", "ProfileResolution", "ProfileInterop", "ProfileGeneration", "ProfileProcess",
]


def check(sources, nested, dot, verbose):
    """Prints the report of one module's folders; returns 1 when they form a cycle, else 0."""
    files = read_sources(sources, nested)
    module = os.path.basename(os.path.normpath(sources))
    edges = dependencies(files, module)
    graph = graph_of(edges)
    components = strongly_connected_components({source.folder for source in files}, graph)
    if dot:
        print("\n".join(dot_report(files, edges, components)))
    else:
        print("\n".join(text_report(files, edges, components, graph, verbose)))
    if components:
        if dot:
            print(f"folder-dependencies: {len(components)} cycle(s) among the folders of {sources}", file=sys.stderr)
        return 1
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Dependencies between the folders of a Swift module; exits 1 when they form a cycle.")
    parser.add_argument("--sources", action="append",
                        help="a module's folder, repeatable (default: each of Sources/" + ", ".join(LAYER_TARGETS) + ")")
    parser.add_argument("--dot", action="store_true", help="print a Graphviz digraph instead (cycle edges in red)")
    parser.add_argument("--nested", action="store_true",
                        help="keep nested folders (Exports/Xcode) as their own nodes instead of folding them")
    parser.add_argument("--verbose", "-v", action="store_true", help="list, for each edge, what each file uses")
    arguments = parser.parse_args(argv)
    given = arguments.sources is not None
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sources = arguments.sources if given else [os.path.join(root, "Sources", name) for name in LAYER_TARGETS]
    for folder in sources:
        if not os.path.isdir(folder):
            parser.error(f"{folder}: not a directory")
    status = 0
    for index, folder in enumerate(sources):
        if len(sources) > 1 and not arguments.dot:
            print(("" if index == 0 else "\n") + f"== {os.path.relpath(folder) if given else 'Sources/' + LAYER_TARGETS[index]}")
        status |= check(folder, arguments.nested, arguments.dot, arguments.verbose)
    return status


if __name__ == "__main__":
    sys.exit(main())
