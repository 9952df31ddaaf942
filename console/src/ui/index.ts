/** The console's building blocks: pages import them from here. */
export { Page, Link } from './page.tsx';
export { Notice, Loading, ErrorNotice, errorText } from './notice.tsx';
export { Button, Field, Form } from './form.tsx';
export { Table, StatusBadge, Money, Time, Countdown, CopyButton, Pager } from './data.tsx';
export { useLoad } from './load.ts';
export { TypeAndJobFilters } from './filters.tsx';
