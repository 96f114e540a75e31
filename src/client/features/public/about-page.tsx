export function AboutPage() {
  return (
    <article className="page prose">
      <h1>About the club</h1>
      <section>
        <h2>WHY</h2>
        <p>
          Women who lead companies spend their days being outstanding at work. Few places let them simply be themselves
          among peers, without an agenda, a pitch or a deal on the table. We wanted that place.
        </p>
      </section>
      <section>
        <h2>WHAT</h2>
        <p>
          A community for off-work hobbies, relaxation and gatherings: art, writing, tea, gardening and meditation
          circles; travel to members' vacation homes; and showcases where members share what they create.
        </p>
      </section>
      <section>
        <h2>WHAT NOT</h2>
        <p>
          Not a networking event, not a business club, not a place to sell. Work stays at the door; what is shared here
          stays here.
        </p>
      </section>
      <p className="tagline">Outstanding Women Outside Work</p>
    </article>
  );
}
