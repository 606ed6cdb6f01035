// The start-up baseline (startup-baseline.html): the same marks as the app's first paint, drawn with
// no framework, no styles to fetch and no data to read.
const root = document.getElementById('root') as HTMLElement;
const button = document.createElement('button');
button.type = 'button';
button.textContent = 'New tool';
const list = document.createElement('ul');
list.setAttribute('aria-label', 'Tool list');
for (let index = 0; index < 11; index++) {
  const item = document.createElement('li');
  const dot = document.createElement('span');
  dot.className = 'status-dot status-valid';
  item.append(dot, `tool_${index}`);
  list.append(item);
}
root.append(button, list);
