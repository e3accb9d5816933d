import type { Plugin } from "vite";

/**
 * A Vite plugin that rewrites one file of a dependency when the app is built (decisions 051 and
 * 052): `rewrite` gets the file's source and must throw when the piece it changes is not there.
 */
export function dependencyRewrite(name: string, file: RegExp, rewrite: (source: string) => string): Plugin {
  return {
    name: `comptoir:${name}`,
    enforce: "pre",
    transform(code, id) {
      if (!file.test(id.split("?")[0]!)) return null;
      return { code: rewrite(code), map: null };
    },
  };
}

/** A dependency file's source without its source map comment (the rewritten file has no map of its own). */
export const withoutSourceMap = (source: string): string => source.replace(/\n\/\/# sourceMappingURL=.*$/m, "");
