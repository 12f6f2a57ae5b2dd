/**
 * A city as people write it. Verified addresses come back in USPS capitals ("SAINT PAUL"),
 * which read as shouting in an e-mail or a review; a city someone typed in mixed case is kept.
 */
export function displayCity(city: string): string {
  if (city !== city.toUpperCase()) return city;
  return city.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}
