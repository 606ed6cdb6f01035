// The start-up baseline (startup-baseline.html): the same marks as the app's first paint, drawn with
// no framework, no styles to fetch and no data to read.
const root = document.getElementById('root') as HTMLElement;
const button = document.createElement('button');
button.type = 'button';
button.textContent = 'New tool';
button.onclick = () => list.append(document.createElement('li'));
const list = document.createElement('ul');
list.setAttribute('aria-label', 'Tool list');
for (let index = 0; index < 11; index++) {
  const item = document.createElement('li');
  const dot = document.createElement('span');
  dot.className = 'status-dot status-valid';
  const name = document.createElement('button');
  name.type = 'button';
  name.textContent = `tool_${index}`;
  name.onclick = () => name.setAttribute('aria-current', 'true');
  item.append(dot, name);
  list.append(item);
}
const message = document.createElement('textarea');
message.setAttribute('aria-label', 'Message');
message.oninput = () => message.classList.toggle('typed', message.value !== '');
root.append(button, list, message);
