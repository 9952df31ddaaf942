import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { markdown, readProjectFile, root } from '../helpers/project-docs.ts';

// The docs point readers at code with "`name` in `path`": each such pointer must name an export of a file that
// exists, so a move or a rename that forgets the docs fails here instead of misleading the next reader.

interface Pointer {
  doc: string;
  name: string;
  path: string;
}

/** Every "`X` in `some/file.ts`" of a document; X's leading identifier is the name (`fleetHandler(…)` → fleetHandler). */
function pointersOf(doc: string): Pointer[] {
  const text = readProjectFile(doc);
  return [...text.matchAll(/`([^`\n]+)` in `([^`\n]+\.(?:ts|js))`/g)].map((match) => ({
    doc,
    name: /^[A-Za-z_$][\w$]*/.exec(match[1]!)?.[0] ?? match[1]!,
    path: match[2]!,
  }));
}

const pointers = markdown.flatMap(pointersOf);
const files = [...new Set(pointers.map((pointer) => pointer.path))].filter((path) => existsSync(join(root, path)));
const program = ts.createProgram(
  files.map((path) => join(root, path)),
  {
    allowImportingTsExtensions: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2024,
    skipLibCheck: true,
    types: [],
  },
);
const checker = program.getTypeChecker();

/** The names a module exports, re-exports included. */
function exportsOf(path: string): Set<string> {
  const source = program.getSourceFile(join(root, path));
  const symbol = source && checker.getSymbolAtLocation(source);
  return new Set(symbol ? checker.getExportsOfModule(symbol).map((exported) => exported.getName()) : []);
}

describe('the docs’ pointers into the code', () => {
  it('finds pointers to check (the pattern still matches how the docs write them)', () => {
    expect(pointers.length).toBeGreaterThan(5);
  });

  it.each(markdown)('every "`X` in `path`" of %s names an export of a file that exists', (doc) => {
    const wrong = pointersOf(doc)
      .filter((pointer) => !existsSync(join(root, pointer.path)) || !exportsOf(pointer.path).has(pointer.name))
      .map((pointer) => `${pointer.name} in ${pointer.path}`);

    expect(wrong).toEqual([]);
  });
});
