import { describe, expect, it } from "vitest";
import { formAction, orNotFound, recoverFrom } from "../../app/server/form-page.server";
import { DomainError } from "../../worker/domain/shared/domain-error";

// What `data()` gives a route: the body and the response's status.
const answerOf = (value: unknown) => value as { data: unknown; init: { status?: number } | null };

describe("a page's answer to a domain error", () => {
  it("comes back with the code, its params, the fields and what was typed, under the code's status", async () => {
    const answer = answerOf(
      await formAction(
        async () => {
          throw new DomainError("minimum_order_amount_not_reached", { value: "150.00" }, { lines: { code: "required" } });
        },
        (refusal) => ({ ...refusal, values: { amount: "12" } }),
      ),
    );
    expect(answer.init?.status).toBe(422);
    expect(answer.data).toEqual({
      error: "minimum_order_amount_not_reached",
      params: { value: "150.00" },
      fields: { lines: { code: "required" } },
      values: { amount: "12" },
    });
  });

  it("is the 404 page when the page's record does not exist, and a refusal when the form names it", async () => {
    const missing = async () => {
      throw new DomainError("not_found");
    };
    const thrown = await formAction(missing).catch((error: unknown) => error);
    expect(answerOf(thrown).init?.status).toBe(404);
    const refused = answerOf(await formAction(missing, (refusal) => refusal, { notFound: "refusal" }));
    expect(refused.init?.status).toBe(404);
    expect(refused.data).toMatchObject({ error: "not_found" });
  });

  it("lets any other failure through, and answers what the work returned when it succeeds", async () => {
    await expect(
      formAction(async () => {
        throw new Error("database down");
      }),
    ).rejects.toThrow("database down");
    expect(await formAction(async () => ({ sent: true }))).toEqual({ sent: true });
  });

  it("lets a load fall back on the codes it expects only", async () => {
    const refuse = (code: "validation_failed" | "forbidden") => async () => {
      throw new DomainError(code);
    };
    expect(await recoverFrom(["validation_failed"], refuse("validation_failed"), () => "defaults")).toBe("defaults");
    await expect(recoverFrom(["validation_failed"], refuse("forbidden"), () => "defaults")).rejects.toMatchObject({ code: "forbidden" });
    const page = await orNotFound(async () => {
      throw new DomainError("not_found");
    }).catch((error: unknown) => error);
    expect(answerOf(page).init?.status).toBe(404);
  });
});
