#!/usr/bin/env python3
"""Lists the folders of each module under Sources/ that use each other (an import cycle between
folders of one module), from the type names each folder declares and the names each file uses.

Only types declared at the top level of a file count (a nested `CodingKeys` is nobody's). A
module's top-level files belong to no folder and may be used by all; a Platform/ folder may be used
by all. Exit status 1 when a cycle is found.

    python3 Scripts/folder-cycles.py            # every module
    python3 Scripts/folder-cycles.py -v         # and each folder's arrows
"""
import os
import re
import sys

DECLARATION = re.compile(r'^(?:(?:public|package|internal|private|fileprivate|final|indirect)\s+)*'
                         r'(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)', re.M)
COMMENT = re.compile(r'//.*?$|/\*.*?\*/', re.M | re.S)
STRING = re.compile(r'"(?:\\.|[^"\\])*"')


def folders(module):
    """Folder name -> {file path -> text without comments and strings}, for one module."""
    found = {}
    for root, _, names in os.walk(module):
        for name in names:
            if not name.endswith('.swift'):
                continue
            path = os.path.join(root, name)
            relative = os.path.relpath(path, module).split(os.sep)
            folder = relative[0] if len(relative) > 1 else None
            with open(path, encoding='utf-8') as file:
                text = STRING.sub('""', COMMENT.sub('', file.read()))
            found.setdefault(folder, {})[path] = text
    return found


def arrows(found):
    """Folder -> the set of other folders whose declared types it uses."""
    owner = {}
    for folder, files in found.items():
        if folder is None:
            continue
        for text in files.values():
            for name in DECLARATION.findall(text):
                owner.setdefault(name, folder)
    uses = {folder: set() for folder in found if folder is not None}
    for folder, files in found.items():
        if folder is None:
            continue
        for text in files.values():
            for word in set(re.findall(r'\b[A-Z]\w*\b', text)):
                other = owner.get(word)
                if other and other != folder and other != 'Platform':
                    uses[folder].add(other)
    return uses


def cycles(uses):
    """Pairs and longer loops of folders that reach each other."""
    found = []
    for start in sorted(uses):
        stack = [(start, [start])]
        while stack:
            node, path = stack.pop()
            for nxt in sorted(uses.get(node, ())):
                if nxt == start and len(path) > 1:
                    loop = path[:]
                    if min(loop) == start:
                        found.append(loop)
                elif nxt not in path and nxt > start:
                    stack.append((nxt, path + [nxt]))
    return found


def main():
    verbose = '-v' in sys.argv
    failed = False
    for module in sorted(os.listdir('Sources')):
        path = os.path.join('Sources', module)
        if not os.path.isdir(path):
            continue
        uses = arrows(folders(path))
        if verbose:
            for folder in sorted(uses):
                print(f'{module}/{folder} -> {", ".join(sorted(uses[folder])) or "-"}')
        for loop in cycles(uses):
            failed = True
            print(f'{module}: ' + ' -> '.join(loop + [loop[0]]))
    if not failed:
        print('no folder of any module uses a folder that uses it back')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
