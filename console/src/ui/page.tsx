import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { hrefOf, navigate, useLocation } from '../router.ts';

/**
 * A page: its one `<h1>`, which takes the focus after a navigation (so a screen reader announces the new
 * page and the keyboard starts from it), and the document's title.
 */
export function Page({ title, actions, children }: { title: string; actions?: ComponentChildren; children?: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { navigated } = useLocation();
  useEffect(() => {
    document.title = `${title} · Console`;
  }, [title]);
  useEffect(() => {
    if (navigated) heading.current?.focus();
    // Only on arriving: a page that changes its title while open keeps the reader where they are.
  }, []);
  return (
    <section class="page stack" aria-labelledby="page-title">
      <div class="page-head">
        <h1 id="page-title" tabIndex={-1} ref={heading}>
          {title}
        </h1>
        {actions && <div class="row">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A link inside the app (`/console/…`): moves without reloading; a modified click (new tab) is the browser's. */
export function Link({
  href,
  children,
  ...rest
}: {
  href: string;
  children?: ComponentChildren;
  class?: string;
  rel?: string;
  id?: string;
  title?: string;
  'aria-current'?: 'page' | undefined;
  'aria-label'?: string;
  'aria-describedby'?: string;
}) {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a {...rest} href={hrefOf(href)} onClick={onClick}>
      {children}
    </a>
  );
}
