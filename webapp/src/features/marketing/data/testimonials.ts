/** The three fixed sample testimonials of the home page. */
export interface Testimonial {
  name: string;
  role: string;
  /** Shown as initials on a coloured disc: no third-party image is loaded. */
  image: string;
  content: string;
  rating: number;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Sarah Johnson',
    role: 'Marketing Manager',
    image: 'SJ',
    content:
      'I used to save articles I never had time to read. Now I listen to them on my commute, and my reading list is finally shrinking.',
    rating: 5,
  },
  {
    name: 'Michael Chen',
    role: 'Software Engineer',
    image: 'MC',
    content:
      'Long technical posts are so much easier to get through as audio. The scripts keep the key points and the voice is clear.',
    rating: 5,
  },
  {
    name: 'Emily Rodriguez',
    role: 'Graduate Student',
    image: 'ER',
    content:
      'I turn my course readings into podcasts and review them on walks. It has changed the way I study.',
    rating: 5,
  },
];
