import { readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdown, readProjectFile as read, root } from '../helpers/project-docs.ts';

// A clone has this project and nothing beside it: its own docs must be enough.
const examples = readdirSync(join(root, 'examples'))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
  .map((name) => `examples/${name}`);

describe('the project’s own docs', () => {
  it.each(markdown)('%s names no file outside the project, and each of its relative links exists', (file) => {
    const text = read(file);
    const outside = [...text.matchAll(/(?:\.\.\/)+[\w./-]+/g)]
      .map((match) => match[0])
      .filter((path) => {
        const target = resolve(root, dirname(file), path);
        return relative(root, target).startsWith('..') || !existsSync(target);
      });
    const broken = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(resolve(root, dirname(file), target)));

    expect({ outside, broken }).toEqual({ outside: [], broken: [] });
  });

  it.each([...markdown, ...examples])('%s runs the project’s TypeScript files with `npx node` (the Node a machine has may be too old)', (file) => {
    const bare = [...read(file).matchAll(/(?<!npx )\bnode ((?:examples|scripts|bin)\/[\w./-]+\.ts)/g)].map((match) => match[0]);

    expect(bare).toEqual([]);
  });
});
