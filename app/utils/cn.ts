import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Deliberately no class-merging library: it would cost every page
 * ~7 KB of JavaScript. Components put overridable classes last instead.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
