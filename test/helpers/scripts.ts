import { spawn } from 'node:child_process';

/**
 * Runs one of the repository's scripts (`node <script>`) as a user runs it, with `env` on top of this
 * process's environment. `onLine` sees each piece of output as it comes (a line, or a prompt still
 * waiting for its answer) and may type an answer (a string) or close the input (null).
 */
export function runScript(
  script: string,
  env: Record<string, string>,
  onLine: (line: string) => Promise<string | null | undefined> | string | null | undefined | void = () => undefined,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      for (const line of text.split('\n').filter(Boolean)) {
        void Promise.resolve(onLine(line)).then((typed) => {
          if (typed === null) child.stdin.end();
          else if (typeof typed === 'string') child.stdin.write(`${typed}\n`);
        });
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('exit', (code) => resolve({ code, output }));
  });
}
