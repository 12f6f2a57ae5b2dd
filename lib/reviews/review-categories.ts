// The one list of review categories: what kind of mail the review is about. The API takes the
// value; pages show the label. Spec 4.8 leaves the allowed values open; this is the list.
export const REVIEW_CATEGORIES = [
  { value: "personal_letter", label: "Personal letter" },
  { value: "business", label: "Business letter" },
  { value: "legal_notice", label: "Legal or official notice" },
  { value: "greeting", label: "Card or greeting" },
  { value: "postcard", label: "Postcard" },
  { value: "other", label: "Something else" },
] as const;

export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number]["value"];

export const REVIEW_CATEGORY_VALUES = REVIEW_CATEGORIES.map((c) => c.value) as [ReviewCategory, ...ReviewCategory[]];

export function reviewCategoryLabel(value: string): string {
  return REVIEW_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}
