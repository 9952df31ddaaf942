import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The project's root folder (a clone has this project and nothing beside it). */
export const root = resolve(import.meta.dirname, '../..');

/** The project's own Markdown: the README and every page of docs/. */
export const markdown = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** A project file's text, by its path from the root. */
export const readProjectFile = (file: string) => readFileSync(join(root, file), 'utf8');
