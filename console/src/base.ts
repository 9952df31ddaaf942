/**
 * The deployment's base path: '' locally and on a custom domain, '/dev' on API Gateway's own URL (the
 * stage). The app is served under `<base>/console/`, so everything before that is the base; the API's
 * routes and the app's links are written from it. (CSP's `base-uri 'none'` rules out a <base> element.)
 */
export function basePath(): string {
  const at = location.pathname.indexOf('/console');
  return at > 0 ? location.pathname.slice(0, at) : '';
}
