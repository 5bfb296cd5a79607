export function App() {
  return (
    <main className="popup">
      <header className="popup-header">
        <h1>Pagecast</h1>
      </header>
      <p>Turn the page you are reading into a podcast.</p>
    </main>
  );
}
