import { Hono } from "hono";
import { createCompanyApiToken, listApiTokens, revokeApiToken } from "../domain/identity/api-tokens";
import { requireActor, verbCtx } from "./auth";
import { jsonBody } from "./body";
import type { ApiEnv } from "./types";

const SETTINGS = { allOf: ["settings"] } as const;

/** /api/v1/api-tokens: tokens for external systems. A token's value is in the creation answer only. */
export const apiTokens = new Hono<ApiEnv>()
  .get("/", requireActor(SETTINGS), async (c) => {
    const items = await listApiTokens(await verbCtx(c));
    return c.json({ totalCount: items.length, items });
  })
  .post("/", requireActor(SETTINGS), async (c) => c.json(await createCompanyApiToken(await verbCtx(c), await jsonBody(c)), 201))
  .delete("/:id", requireActor(SETTINGS), async (c) => {
    await revokeApiToken(await verbCtx(c), { id: c.req.param("id") });
    return c.body(null, 204);
  });
