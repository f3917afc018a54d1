/** The emulator's log: one line per denied or failed request (quiet in tests). */
export interface Logger {
  /** A request that was denied or failed, with the reason. */
  failure(line: string): void;
  /** Start-up and other notable events. */
  info(line: string): void;
}

export type LogOption = ((line: string) => void) | false | undefined;

export function createLogger(option: LogOption, quiet = false): Logger {
  if (option === false || quiet) return { failure: () => {}, info: () => {} };
  const write =
    option ??
    ((line: string) => {
      process.stderr.write(`${new Date().toISOString()} [firestore] ${line}\n`);
    });
  return { failure: write, info: write };
}
