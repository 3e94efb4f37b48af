/**
 * The Market's stated numbers, apart from the trip so that every order's module reads them.
 *
 * @since 0.1.0
 */
import { FOUNDING } from "../founding/Numbers.js"

/** The Market's stated numbers. */
export const MARKET = {
  availability: { common: 1, uncommon: 3, rare: 5 }, // B-MARKET-02: the d6 needed
  amberPrice: 9, // B-MARKET-04
  reloadCost: FOUNDING.reloadCost, // B-FOUNDING-09
  resaleDivisor: 2, // R-MARKET-02
} as const
