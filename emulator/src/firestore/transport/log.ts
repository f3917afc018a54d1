/** The emulator's log: one line per denied or failed request (quiet in tests). */
import { PERMISSION_DENIED_MESSAGE } from '../model.js';

export interface Logger {
  /** A request that was denied or failed, with the reason. */
  failure(line: string): void;
  /** Start-up and other notable events. */
  info(line: string): void;
}

export type LogOption = ((line: string) => void) | false | undefined;

export interface LoggerOptions {
  /**
   * The rules engine logs every denial with its reason (allow positions, failing sub-expression):
   * drop the transports' generic permission-denied lines so that a denial is one line, not two.
   */
  rulesExplainDenials?: boolean;
}

export function createLogger(option: LogOption, quiet = false, options: LoggerOptions = {}): Logger {
  if (option === false || quiet) return { failure: () => {}, info: () => {} };
  const write =
    option ??
    ((line: string) => {
      process.stderr.write(`${new Date().toISOString()} [firestore] ${line}\n`);
    });
  const failure = options.rulesExplainDenials
    ? (line: string) => {
        // Every transport reports a denial with the generic message ("PERMISSION_DENIED:
        // Missing or insufficient permissions.", Listen's "target N removed: Missing or ...").
        if (!line.includes(PERMISSION_DENIED_MESSAGE)) write(line);
      }
    : write;
  return { failure, info: write };
}
