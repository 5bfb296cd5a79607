export function readKinds(text: string, _language: string): string {
  return text;
}
