import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../../worker/domain/shared/decimal";
import {
  availableAfterCart,
  cartKey,
  cartTotal,
  maximumOf,
  minimumOf,
  nextQuantity,
  removeItem,
  setQuantity,
  type CartItem,
  type CartPolicy,
} from "../../../worker/domain/store/cart-rules";

const d = (v: string | number) => Decimal.parse(v);
const text = (v: Decimal | null) => (v === null ? null : v.toString().replace(/\.?0+$/, "") || "0");

function item(over: Partial<CartItem> & { variantId: number }): CartItem {
  const packId = over.packId ?? null;
  return {
    key: cartKey(over.variantId, packId),
    packId,
    packQuantity: d(1),
    quantity: d(0),
    minimumQuantity: d(0),
    trackInventory: true,
    isKit: false,
    isPackaging: false,
    components: [],
    price: d("10"),
    ...over,
  };
}
const strict: CartPolicy = { allowNegativeStock: false };
const loose: CartPolicy = { allowNegativeStock: true };
const stock = (entries: [number, number | string][]) => new Map(entries.map(([id, units]) => [id, d(units)]));

describe("the cart key", () => {
  it("is variantId_packId for a pack line and the variant id otherwise", () => {
    expect(cartKey(12, 3)).toBe("12_3");
    expect(cartKey(12, null)).toBe("12");
    expect(cartKey(12, undefined)).toBe("12");
  });
});

describe("the cart quantity's minimum", () => {
  it("is the variant's minimum quantity for a unit line", () => {
    expect(text(minimumOf(item({ variantId: 1, minimumQuantity: d(5) })))).toBe("5");
  });

  it("is the minimum divided by the pack quantity, rounded up, for a pack line", () => {
    expect(text(minimumOf(item({ variantId: 1, packId: 2, packQuantity: d(6), minimumQuantity: d(10) })))).toBe("2");
    expect(text(minimumOf(item({ variantId: 1, packId: 2, packQuantity: d(5), minimumQuantity: d(10) })))).toBe("2");
    expect(text(minimumOf(item({ variantId: 1, packId: 2, packQuantity: d(6), minimumQuantity: d(0) })))).toBe("0");
  });

  it("raises a quantity asked under the minimum to the minimum", () => {
    const line = item({ variantId: 1, minimumQuantity: d(5) });
    expect(text(nextQuantity(line, 2, [], stock([[1, 100]]), strict))).toBe("5");
  });
});

describe("the cart quantity's upper bound", () => {
  it("is the available stock for a tracked variant when the store does not sell below zero", () => {
    const line = item({ variantId: 1, quantity: d(3) });
    expect(text(maximumOf(line, [line], stock([[1, 8]]), strict))).toBe("8");
    expect(text(nextQuantity(line, 8, [line], stock([[1, 8]]), strict))).toBe("8");
  });

  it("ignores a click over the available stock, silently", () => {
    const line = item({ variantId: 1, quantity: d(8) });
    expect(nextQuantity(line, 9, [line], stock([[1, 8]]), strict)).toBeNull();
    const cart = [line];
    expect(setQuantity(cart, { key: "1", quantity: 9 }, stock([[1, 8]]), strict)).toEqual(cart);
  });

  it("is the available stock divided by the pack quantity, rounded down, plus the packs already in the cart", () => {
    const units = item({ variantId: 1, quantity: d(5) });
    const packs = item({ variantId: 1, packId: 7, packQuantity: d(6), quantity: d(1) });
    // 20 units: 5 single units and 1 pack of 6 in the cart leave 9, that is 1 more pack.
    expect(text(maximumOf(packs, [units, packs], stock([[1, 20]]), strict))).toBe("2");
    expect(setQuantity([units, packs], { key: "1_7", quantity: 3 }, stock([[1, 20]]), strict)).toEqual([units, packs]);
  });

  it("holds a kit to its stock even when it does not track inventory", () => {
    const kit = item({ variantId: 4, trackInventory: false, isKit: true });
    expect(text(maximumOf(kit, [], stock([[4, 2]]), strict))).toBe("2");
  });

  it("has none for an untracked variant, or when the store allows negative stock", () => {
    const untracked = item({ variantId: 1, trackInventory: false });
    expect(maximumOf(untracked, [], stock([[1, 0]]), strict)).toBeNull();
    const tracked = item({ variantId: 1 });
    expect(maximumOf(tracked, [], stock([[1, 0]]), loose)).toBeNull();
    expect(text(nextQuantity(tracked, 500, [], stock([[1, 0]]), loose))).toBe("500");
  });

  it("scales a packaging's stock by its components' quantities", () => {
    const box = item({ variantId: 9, isPackaging: true, components: [{ variantId: 1, quantity: d(12) }] });
    // 30 units of the component: two boxes of 12 fit, not three.
    expect(text(maximumOf(box, [], stock([[1, 30]]), strict))).toBe("2");
    const left = availableAfterCart([{ ...box, quantity: d(2) }], stock([[1, 30]]));
    expect(text(left.get(1)!)).toBe("6");
  });

  it("still lets a line over the bound step down when the stock went since it was added", () => {
    const line = item({ variantId: 1, quantity: d(10) });
    expect(text(nextQuantity(line, 9, [line], stock([[1, 4]]), strict))).toBe("9");
    expect(nextQuantity(line, 11, [line], stock([[1, 4]]), strict)).toBeNull();
  });
});

describe("a quantity change", () => {
  it("applies only when the item exists and the quantity is a number", () => {
    const line = item({ variantId: 1, quantity: d(2) });
    const available = stock([[1, 50]]);
    expect(setQuantity([line], { key: "2", quantity: 4 }, available, strict)).toEqual([line]);
    for (const bad of ["abc", "", null, undefined, {}, "1e3", Number.NaN])
      expect(setQuantity([line], { key: "1", quantity: bad }, available, strict)).toEqual([line]);
    expect(text(setQuantity([line], { key: "1", quantity: "4" }, available, strict)[0]!.quantity)).toBe("4");
  });

  it("ignores a quantity past 100,000,000, in what the line orders or in the units it takes, even where nothing else bounds it", () => {
    const untracked = item({ variantId: 1, trackInventory: false });
    expect(text(nextQuantity(untracked, "100000000", [], stock([]), loose))).toBe("100000000");
    for (const past of ["100000000.0000001", "99999999999999999999999999999999999", 1e10])
      expect(nextQuantity(untracked, past, [], stock([]), loose)).toBeNull();
    // 20,000,000 boxes of 6 take 120,000,000 units.
    const box = item({ variantId: 1, packId: 7, packQuantity: d(6), trackInventory: false });
    expect(text(nextQuantity(box, "16666666", [], stock([]), loose))).toBe("16666666");
    expect(nextQuantity(box, "20000000", [], stock([]), loose)).toBeNull();
  });

  it("adds a line the cart does not hold yet", () => {
    const line = item({ variantId: 3 });
    const cart = setQuantity([], { key: "3", quantity: 2, item: line }, stock([[3, 5]]), strict);
    expect(cart).toHaveLength(1);
    expect(text(cart[0]!.quantity)).toBe("2");
  });

  it("removes one line and leaves the others", () => {
    const a = item({ variantId: 1, quantity: d(1) });
    const b = item({ variantId: 2, quantity: d(1) });
    expect(removeItem([a, b], "1")).toEqual([b]);
  });
});

describe("the cart total", () => {
  it("is the sum of quantity times price, less the customer's discount percent", () => {
    const lines = [item({ variantId: 1, quantity: d(3), price: d("12.5") }), item({ variantId: 2, quantity: d(2), price: d("7.25") })];
    expect(cartTotal(lines, null).toString()).toBe("52.0000");
    expect(cartTotal(lines, d(10)).toString()).toBe("46.8000");
  });
});

describe("cart rules, for any sequence of clicks", () => {
  const variants = [1, 2, 3];
  const line = fc.record({
    variantId: fc.constantFrom(...variants),
    pack: fc.option(fc.constantFrom(2, 6, 12), { nil: null }),
    minimum: fc.integer({ min: 0, max: 10 }),
    trackInventory: fc.boolean(),
  });
  const click = fc.record({ line, quantity: fc.oneof(fc.integer({ min: -3, max: 40 }), fc.constant("x")) });
  const describeLine = (l: { variantId: number; pack: number | null; minimum: number; trackInventory: boolean }) =>
    item({
      variantId: l.variantId,
      packId: l.pack === null ? null : l.pack * 100 + l.variantId,
      packQuantity: d(l.pack ?? 1),
      minimumQuantity: d(l.minimum),
      trackInventory: l.trackInventory,
    });

  it("never take more of a tracked variant than is available when the store does not sell below zero", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 3, maxLength: 3 }),
        fc.array(click, { maxLength: 25 }),
        (levels, clicks) => {
          const available = new Map(variants.map((v, i) => [v, d(levels[i]!)]));
          let cart: CartItem[] = [];
          for (const c of clicks) {
            const described = describeLine(c.line);
            const held = cart.find((i) => i.key === described.key);
            // One description per key: the catalogue says the same of a line each time.
            cart = setQuantity(cart, { key: described.key, quantity: c.quantity, item: held ?? described }, available, strict);
            const left = availableAfterCart(
              cart.filter((i) => i.trackInventory),
              available,
            );
            for (const v of variants) expect(left.get(v)!.isNegative()).toBe(false);
            for (const i of cart) expect(i.quantity.compare(minimumOf(i))).toBeGreaterThanOrEqual(0);
            // An untracked line is not held to the stock: a number asked is taken (at least the minimum, at least 1).
            const taken = held ?? described;
            if (!taken.trackInventory && typeof c.quantity === "number") {
              const floor = [minimumOf(taken), d(1)].reduce((a, b) => (a.compare(b) > 0 ? a : b));
              const expected = d(c.quantity).compare(floor) < 0 ? floor : d(c.quantity);
              expect(cart.find((i) => i.key === described.key)!.quantity.compare(expected)).toBe(0);
            }
          }
        },
      ),
    );
  });

  it("give the same cart back for a click that is ignored", () => {
    fc.assert(
      fc.property(line, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 60 }), (l, units, ask) => {
        const described = describeLine(l);
        const available = stock([[l.variantId, units]]);
        const cart = setQuantity([], { key: described.key, quantity: ask, item: described }, available, strict);
        const again = setQuantity(cart, { key: described.key, quantity: ask + 1000, item: described }, available, strict);
        if (l.trackInventory) expect(again).toEqual(cart);
        else {
          // An untracked line has no stock bound: the click is taken as asked (at least the minimum).
          const asked = d(ask + 1000);
          const expected = asked.compare(minimumOf(described)) < 0 ? minimumOf(described) : asked;
          expect(again.find((i) => i.key === described.key)!.quantity.compare(expected)).toBe(0);
        }
      }),
    );
  });

  it("total to the sum of the lines with no discount, and never more with one", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ q: fc.integer({ min: 1, max: 50 }), p: fc.integer({ min: 0, max: 1_000_000 }) }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 100 }),
        (lines, percent) => {
          const items = lines.map((l, i) => item({ variantId: i + 1, quantity: d(l.q), price: Decimal.of(BigInt(l.p), 4) }));
          const plain = cartTotal(items, null);
          const expected = lines.reduce((s, l) => s + BigInt(l.q) * BigInt(l.p), 0n);
          expect(plain.units).toBe(expected);
          expect(cartTotal(items, d(percent)).compare(plain)).toBeLessThanOrEqual(0);
          expect(cartTotal(items, d(percent)).isNegative()).toBe(false);
        },
      ),
    );
  });
});
