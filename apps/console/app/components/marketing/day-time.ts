/** A slot's time of day as staff type it ("10:00", "24:00") and as the wire holds it (seconds since midnight). */
export const DAY_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export function secondsOfDayTime(text: string): number {
  const [hours, minutes] = text.split(":").map(Number);
  return (hours ?? 0) * 3600 + (minutes ?? 0) * 60;
}

export function dayTimeOfSeconds(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}
