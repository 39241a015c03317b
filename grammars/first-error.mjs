// Shared by the grammars' coverage scripts (developer tools; nothing at install or run time uses it).

/** The first ERROR or MISSING node in document order, or undefined for a clean tree. */
export function firstError(node) {
  if (!node.hasError) return undefined;
  if (node.isError || node.isMissing) return node;
  for (const child of node.children) {
    const found = child && firstError(child);
    if (found) return found;
  }
  return node;
}
