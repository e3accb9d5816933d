import type { Locale } from "../shared/locale";

/**
 * What the generated test content is made of: a small coffee and tea merchant, in the company's
 * language. Labels only; the quantities and prices are in test-content.ts, which makes the records
 * through the domain verbs.
 */
export interface TestContentTexts {
  size: string;
  sizes: [string, string, string];
  products: {
    beans: string;
    ground: string;
    tea: string;
    mug: string;
    filters: string;
    kettle: string;
    press: string;
    chocolate: string;
    shirt: string;
    box: string;
  };
  mugPack: string;
  services: { training: string; maintenance: string };
  description: string;
  customers: string[];
  suppliers: string[];
  cities: string[];
}

const TEXTS: Record<Locale, TestContentTexts> = {
  en: {
    size: "Size (test content)",
    sizes: ["S", "M", "L"],
    products: {
      beans: "Coffee beans 1 kg",
      ground: "Ground coffee 250 g",
      tea: "Green tea 100 g",
      mug: "Ceramic mug",
      filters: "Paper filters (100)",
      kettle: "Gooseneck kettle",
      press: "French press",
      chocolate: "Hot chocolate 500 g",
      shirt: "Barista T-shirt",
      box: "Discovery box",
    },
    mugPack: "Box of 6",
    services: { training: "Barista training (half day)", maintenance: "Coffee machine maintenance" },
    description: "Test content: remove it in one action from the dashboard or the company settings.",
    customers: ["Corner Café", "The Reading Room", "Harbour Hotel", "Green Leaf Deli", "Morning Bakery", "Oak Street Office"],
    suppliers: ["Highland Roasters", "Teahouse Imports", "Pottery & Co"],
    cities: ["Bristol", "York", "Brighton", "Leeds", "Bath", "Oxford"],
  },
  fr: {
    size: "Taille (contenu de test)",
    sizes: ["S", "M", "L"],
    products: {
      beans: "Café en grains 1 kg",
      ground: "Café moulu 250 g",
      tea: "Thé vert 100 g",
      mug: "Mug en céramique",
      filters: "Filtres papier (100)",
      kettle: "Bouilloire col de cygne",
      press: "Cafetière à piston",
      chocolate: "Chocolat chaud 500 g",
      shirt: "T-shirt barista",
      box: "Coffret découverte",
    },
    mugPack: "Carton de 6",
    services: { training: "Formation barista (demi-journée)", maintenance: "Entretien de machine à café" },
    description: "Contenu de test : supprimez-le en une fois depuis le tableau de bord ou les paramètres de l'entreprise.",
    customers: ["Café du Coin", "Librairie La Page", "Hôtel du Port", "Épicerie Verte", "Boulangerie du Matin", "Bureau des Lilas"],
    suppliers: ["Torréfacteurs des Monts", "Maison du Thé", "Poterie & Cie"],
    cities: ["Lyon", "Nantes", "Bordeaux", "Lille", "Rennes", "Dijon"],
  },
};

export function testContentTexts(language: Locale): TestContentTexts {
  return TEXTS[language] ?? TEXTS.en;
}
