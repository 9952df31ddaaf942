// esbuild bundles the stylesheets a module imports into the console's one CSS file.
declare module '*.css';
