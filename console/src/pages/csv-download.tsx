import { useEffect, useRef, useState } from 'preact/hooks';
import { Button, ErrorNotice, Notice } from '../ui/index.ts';

/** The words a CSV download shows, from the page's catalogue. */
export interface CsvWords {
  csv: string;
  csvPreparing: string;
  csvReady: (name: string) => string;
  csvSaveAgain: (name: string) => string;
}

/**
 * Offers the API's own CSV as a file. A plain link cannot carry the session's token, so the page fetches
 * the CSV (the body exactly as the API sent it) and saves it from a Blob's object URL: `blob:` URLs are
 * same-origin and the console's CSP restricts neither downloads nor them, so no data: URL is needed.
 */
export function CsvDownload({ load, fileName, words, hint }: { load: () => Promise<string>; fileName: string; words: CsvWords; hint?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [file, setFile] = useState<{ url: string; name: string } | null>(null);
  const link = useRef<HTMLAnchorElement>(null);
  // Each file is saved once when ready; its URL is freed when a newer file replaces it or the page goes.
  useEffect(() => {
    if (!file) return;
    link.current?.click();
    return () => URL.revokeObjectURL(file.url);
  }, [file]);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const text = await load();
      setFile({ url: URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' })), name: fileName });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="stack-tight">
      <div class="row">
        <Button onClick={download} disabled={busy} aria-busy={busy}>
          {busy ? words.csvPreparing : words.csv}
        </Button>
        {hint && <p class="muted hint">{hint}</p>}
      </div>
      {error !== null && <ErrorNotice error={error} />}
      {file && (
        <Notice kind="ok">
          <p>
            {words.csvReady(file.name)}{' '}
            <a ref={link} href={file.url} download={file.name}>
              {words.csvSaveAgain(file.name)}
            </a>
          </p>
        </Notice>
      )}
    </div>
  );
}
