import { defineRoute } from "@/lib/http/define-route";
import { mapCsvColumnsOperation } from "@/lib/openapi/operations-more";
import { serveMethods } from "@/lib/http/fallback-routes";
import { answerCsvMap } from "@/lib/csv/answer-csv-map";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  POST: defineRoute(mapCsvColumnsOperation, async ({ body }) => ({
    body: answerCsvMap(body),
  })),
});
