import { useEffect, useState } from 'preact/hooks';
import { basePath } from './base.ts';

/** What a page receives: its path's parameters and the query (the URL is the page's state). */
export interface PageProps {
  params: Record<string, string>;
  query: URLSearchParams;
}

/** Where the app is: its path under /console (`/jobs/job_1`), the query, and whether it got there by navigating. */
export interface Location {
  path: string;
  query: URLSearchParams;
  navigated: boolean;
}

const listeners = new Set<(next: Location) => void>();
let navigated = false;

/** The app's path under `<base>/console` ('/' for the console itself). */
export function appPath(): string {
  const rest = location.pathname.slice(basePath().length).replace(/^\/console/, '');
  return rest === '' ? '/' : rest;
}

function current(): Location {
  return { path: appPath(), query: new URLSearchParams(location.search), navigated };
}

function notify(): void {
  const next = current();
  for (const listener of listeners) listener(next);
}

addEventListener('popstate', () => {
  navigated = true;
  notify();
});

/** The browser URL of an app href (`/console/jobs?…`), under the deployment's base path. */
export function hrefOf(href: string): string {
  return `${basePath()}${href}`;
}

/** An app href with a query of the values that are set (empty, false and undefined ones left out): a page's filters as its URL. */
export function hrefWith(path: string, query: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== false && value !== 0) search.set(name, value === true ? 'true' : String(value));
  }
  const text = search.toString();
  return `${path}${text ? `?${text}` : ''}`;
}

/** Moves to an app href (`/console/jobs/job_1`) without reloading; `replace` for a filter change that should not stack history. */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  navigated = true;
  if (options.replace) history.replaceState(null, '', hrefOf(href));
  else history.pushState(null, '', hrefOf(href));
  scrollTo(0, 0);
  notify();
}

/** The current location, re-rendering on every move. */
export function useLocation(): Location {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    listeners.add(setLocation);
    return () => void listeners.delete(setLocation);
  }, []);
  return location;
}

/** A path pattern (`/jobs/:id`) matched against an app path: its parameters, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.replace(/\/$/, '').split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(got[i]!);
      } catch {
        return null;
      }
    } else if (part !== got[i]) return null;
  }
  return params;
}
