/**
 * The store's colours (platform spec §9): text on a colour is black or white by the colour's
 * brightness against the threshold 186, and the lighter and darker shades are offset by 40.
 */
export const CONTRAST_THRESHOLD = 186;
export const SHADE_OFFSET = 40;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace(/^#/, ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.min(255, Math.max(0, c)).toString(16).padStart(2, "0")).join("")}`;

/** Black text on a colour brighter than the threshold, white otherwise (the perceived brightness 0.299 R + 0.587 G + 0.114 B). */
export function textColourOn(hex: string): "#000000" | "#ffffff" {
  const [r, g, b] = channels(hex);
  return r * 0.299 + g * 0.587 + b * 0.114 > CONTRAST_THRESHOLD ? "#000000" : "#ffffff";
}

/** The colour with each channel moved by `offset` (clamped to 0–255). */
export function shade(hex: string, offset: number): string {
  return toHex(channels(hex).map((c) => c + offset));
}

export interface StorePalette {
  primary: string;
  primaryText: string;
  primaryLight: string;
  primaryDark: string;
  secondary: string;
  secondaryText: string;
  secondaryLight: string;
  secondaryDark: string;
}

export function storePalette(primary: string, secondary: string): StorePalette {
  return {
    primary,
    primaryText: textColourOn(primary),
    primaryLight: shade(primary, SHADE_OFFSET),
    primaryDark: shade(primary, -SHADE_OFFSET),
    secondary,
    secondaryText: textColourOn(secondary),
    secondaryLight: shade(secondary, SHADE_OFFSET),
    secondaryDark: shade(secondary, -SHADE_OFFSET),
  };
}
