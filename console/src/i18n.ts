import { useEffect, useState } from 'preact/hooks';
import { en, type Messages } from './messages/en.ts';
import { hi } from './messages/hi.ts';

/** The console's languages: a catalogue each (messages/<lang>.ts), the same keys (a type error and a test otherwise). */
export const LANGUAGES = { en, hi } as const satisfies Record<string, Messages>;
export type Language = keyof typeof LANGUAGES;

const STORAGE_KEY = 'console:language';
/** The locale each language writes dates in (money is always en-IN). */
export const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

function initial(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'en' || saved === 'hi') return saved;
  return navigator.language.toLowerCase().startsWith('hi') ? 'hi' : 'en';
}

let language: Language = initial();
const listeners = new Set<(next: Language) => void>();
document.documentElement.lang = language;

/** Switches the language, remembered on this device. */
export function setLanguage(next: Language): void {
  language = next;
  localStorage.setItem(STORAGE_KEY, next);
  document.documentElement.lang = next;
  for (const listener of listeners) listener(next);
}

/** The current language, re-rendering on a switch. */
export function useLanguage(): Language {
  const [current, setCurrent] = useState(language);
  useEffect(() => {
    listeners.add(setCurrent);
    return () => void listeners.delete(setCurrent);
  }, []);
  return current;
}

/** The current language's catalogue. */
export function useT(): Messages {
  return LANGUAGES[useLanguage()];
}

/** The current language's locale, for dates. */
export function useLocale(): string {
  return LOCALES[useLanguage()];
}
