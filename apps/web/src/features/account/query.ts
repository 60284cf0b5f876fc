/** The first value of a page's query parameter (`?email=a&email=b` gives `a`), or '' when it is absent. */
export function firstQueryValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}
