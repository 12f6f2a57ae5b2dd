import pino from "pino";

// JSON logs, one line per event. Secrets never reach the logger: the redact list is a backstop.
export const log = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: { service: "mail" },
  redact: {
    paths: ["authorization", "headers.authorization", "*.authorization", "token", "*.token", "secret", "*.secret"],
    censor: "[redacted]",
  },
  timestamp: pino.stdTimeFunctions.isoTime,
});
