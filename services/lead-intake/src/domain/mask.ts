/** First name and last initial: "Jane Q. Doe" -> "Jane D." (the claim page before purchase). */
export function maskCustomerName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '';
  if (parts.length === 1) return parts[0]!;
  const last = parts[parts.length - 1]!;
  return `${parts[0]} ${last.charAt(0).toUpperCase()}.`;
}

/** Only the last two digits stay visible: "+15551234567" -> "(***) ***-**67". */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const tail = digits.slice(-2).padStart(2, '*');
  return `(***) ***-**${tail}`;
}
