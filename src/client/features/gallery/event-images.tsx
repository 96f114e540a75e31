// Filled by the images issue: the event page's Images tab (Upload Image and the event's images).
export function EventImages({ eventId }: { eventId: number }) {
  return (
    <section data-event={eventId}>
      <p className="muted">No images have been tagged with this event yet.</p>
    </section>
  );
}
