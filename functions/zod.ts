import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * zod's smallest build (`zod/mini`: functions instead of methods, so a bundle keeps only what it
 * uses), speaking English: it has no language until told, and every validation error the API answers
 * is in English. Every module that builds or parses a schema imports zod from here.
 */
z.config(en());

export * from 'zod/mini';
