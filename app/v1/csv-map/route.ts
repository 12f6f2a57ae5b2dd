import { defineRoute } from "@/lib/http/define-route";
import { mapCsvColumnsOperation } from "@/lib/openapi/operations-more";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { answerCsvMap } from "@/lib/csv/answer-csv-map";

export const POST = defineRoute(mapCsvColumnsOperation, async ({ body }) => ({
  body: answerCsvMap(body),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
