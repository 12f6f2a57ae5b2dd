import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { answerCsvMap, CsvMapRequestSchema } from "@/lib/csv/answer-csv-map";

// The CSV text may be 64 KiB, and JSON escaping (quotes, \r\n, \t) can double it.
export const POST = defineRoute({ scope: "mail:quote", body: CsvMapRequestSchema, maxBodyBytes: 160_000, throttle: "csv_map" }, async ({ body }) => ({
  body: answerCsvMap(body),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
