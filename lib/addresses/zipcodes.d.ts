// The `zipcodes` package ships no types. We read its US table directly, which leaves out the
// Canadian postal codes its index.js merges in. The path keeps its .js: Node's ESM resolver
// adds no extension to a package subpath.
declare module "zipcodes/lib/codes.js" {
  export type ZipcodesRecord = {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  };
  export const codes: Record<string, ZipcodesRecord>;
  export const stateMap: Record<string, string[]>;
}
