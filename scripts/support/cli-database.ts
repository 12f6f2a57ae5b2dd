import "dotenv/config";
import { embeddedDatabaseUrl } from "@/lib/embedded-db/start-embedded-postgres";

// The CLIs' database: DATABASE_URL when it is set; otherwise the embedded PostgreSQL that
// `npm start` runs on this machine (EMBEDDED_PG_PORT, 54329 by default), so that on a laptop
// `npm run keys -- issue …` works beside `npm start` with nothing to configure. Imported first by
// each CLI, before anything reads the environment.
process.env.DATABASE_URL ||= embeddedDatabaseUrl(Number(process.env.EMBEDDED_PG_PORT ?? 54329));
