import { Hono } from "hono";
import { createCompanyApiToken, listApiTokens, revokeApiToken } from "../domain/identity/api-tokens";
import { requireActor } from "./auth";
import { jsonBody } from "./body";
import type { ApiEnv } from "./types";

const SETTINGS = { allOf: ["settings"] } as const;

/** /api/v1/api-tokens: tokens for external systems. A token's value is in the creation answer only. */
export const apiTokens = new Hono<ApiEnv>()
  .get("/", requireActor(SETTINGS), async (c) => {
    const { actor, control } = c.get("ctx");
    const items = await listApiTokens(control, actor!.company.id);
    return c.json({ totalCount: items.length, items });
  })
  .post("/", requireActor(SETTINGS), async (c) => {
    const { actor, control } = c.get("ctx");
    return c.json(await createCompanyApiToken(control, actor!, await jsonBody(c)), 201);
  })
  .delete("/:id", requireActor(SETTINGS), async (c) => {
    const { actor, control } = c.get("ctx");
    await revokeApiToken(control, actor!.company.id, c.req.param("id"));
    return c.body(null, 204);
  });
