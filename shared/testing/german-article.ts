/**
 * A whole German news article in plain sentences, for tests of language detection: long enough that
 * franc scores every related language close to its best guess.
 */
export const GERMAN_ARTICLE_PARAGRAPHS: readonly string[] = [
  'Wer in diesem Winter mit dem Zug von Hamburg nach München fahren wollte, brauchte vor allem Geduld.',
  'Seit Wochen fallen Verbindungen aus, weil Weichen einfrieren, Stellwerke ausfallen und Personal fehlt.',
  'Die Bahn verspricht Besserung und verweist auf ein Sanierungsprogramm, das bis zum Ende des Jahrzehnts dauern soll.',
  'Viele Pendler haben das Vertrauen trotzdem verloren und steigen wieder auf das Auto um, obwohl die Staus länger werden.',
  'Eine Lehrerin aus Göttingen erzählt, dass sie im Januar an elf von zwanzig Arbeitstagen zu spät zur Schule kam.',
  'Ihr Schulleiter habe Verständnis gezeigt, aber die Kinder hätten jedes Mal eine halbe Stunde ohne Unterricht gewartet.',
  'Der Fahrgastverband fordert deshalb höhere Entschädigungen und eine unabhängige Stelle, die Verspätungen prüft.',
  'Im Verkehrsministerium heißt es, man nehme die Kritik ernst, doch das Geld für neue Gleise sei längst verplant.',
  'Experten halten das für eine Ausrede, denn in den vergangenen zehn Jahren seien Milliarden in Prestigeprojekte geflossen.',
  'Kleine Bahnhöfe auf dem Land seien dagegen verfallen, Aufzüge monatelang defekt und Fahrkartenautomaten oft außer Betrieb.',
  'Wer keinen Führerschein hat, ist in vielen Dörfern inzwischen auf Nachbarn oder teure Taxifahrten angewiesen.',
  'Der Landrat eines Kreises in Niedersachsen spricht von einer schleichenden Abkopplung ganzer Regionen vom Rest des Landes.',
  'Er will nun gemeinsam mit anderen Kreisen klagen, falls der Bund bis zum Sommer keinen verbindlichen Zeitplan vorlegt.',
  'Ob das etwas ändert, bezweifeln selbst seine Parteifreunde, doch die Wut der Menschen vor Ort ist kaum noch zu überhören.',
];
