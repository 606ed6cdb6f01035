"""How a Python tool's definition is read from its function: the JSON Schema of each type hint, the
parameter descriptions of its docstring, and `Field` constraints. Apart from toolscope.py (which
re-exports Field) so each file stays one concern; a tool imports it only through toolscope.
"""

import dataclasses
import enum
import inspect
import json
import re
import types
import typing


class Field:
    """Constraints for `Annotated[...]`, with pydantic's keyword names (an export swaps in pydantic's Field)."""

    _keywords = {
        "description": "description",
        "ge": "minimum",
        "le": "maximum",
        "gt": "exclusiveMinimum",
        "lt": "exclusiveMaximum",
        "multiple_of": "multipleOf",
        "pattern": "pattern",
        "examples": "examples",
    }

    def __init__(self, default=inspect.Parameter.empty, **keywords):
        known = set(self._keywords) | {"min_length", "max_length"}
        unknown = sorted(set(keywords) - known)
        if unknown:
            raise TypeError(f"Field() got unknown keyword(s): {', '.join(unknown)} (known: {', '.join(sorted(known))})")
        if "pattern" in keywords:
            re.compile(keywords["pattern"])
        self.default = default
        self.keywords = keywords

    def apply(self, schema: dict) -> dict:
        schema = dict(schema)
        for keyword, value in self.keywords.items():
            if keyword in ("min_length", "max_length"):
                prefix = "min" if keyword == "min_length" else "max"
                kind = schema.get("type")
                name = {"string": "Length", "array": "Items", "object": "Properties"}.get(kind)
                if name is None:
                    raise TypeError(f"{keyword} applies to str, list or dict, not {kind or 'this type'}")
                schema[prefix + name] = value
            else:
                schema[self._keywords[keyword]] = value
        return schema


def split_docstring(doc: str) -> tuple[str, dict]:
    """The description, and parameter descriptions from a Google-style `Args:` section."""
    lines = inspect.cleandoc(doc or "").splitlines()
    description, parameters, current = [], {}, None
    in_args = False
    for line in lines:
        stripped = line.strip()
        if re.fullmatch(r"(Args|Arguments|Parameters):", stripped):
            in_args = True
            continue
        if in_args and re.fullmatch(r"[A-Z][A-Za-z ]*:", stripped):
            in_args = False
        if in_args:
            match = re.match(r"(\w+)\s*(\([^)]*\))?\s*:\s*(.*)", stripped)
            if match and not line.startswith(" " * 8):
                current = match.group(1)
                parameters[current] = match.group(3)
            elif current and stripped:
                parameters[current] += " " + stripped
            continue
        if not in_args:
            description.append(line)
    return "\n".join(description).strip(), parameters


def json_default(value):
    try:
        json.dumps(value)
        return value
    except TypeError:
        raise TypeError(f"default {value!r} is not JSON (str, int, float, bool, None, list, dict)")


def schema_of(annotation, where: str, seen: tuple = ()) -> dict:
    if annotation is inspect.Parameter.empty or annotation is typing.Any or annotation is object:
        return {}
    if annotation is None or annotation is type(None):
        return {"type": "null"}
    origin, arguments = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        schema = schema_of(arguments[0], where, seen)
        for extra in annotation.__metadata__:
            if isinstance(extra, Field):
                schema = extra.apply(schema)
            elif isinstance(extra, str):
                schema = {**schema, "description": extra}
        return schema
    if annotation is str:
        return {"type": "string"}
    if annotation is bool:
        return {"type": "boolean"}
    if annotation is int:
        return {"type": "integer"}
    if annotation is float:
        return {"type": "number"}
    if origin is typing.Literal:
        values = list(arguments)
        kinds = {type(value) for value in values}
        schema = {"enum": values}
        if kinds == {str}:
            schema = {"type": "string", "enum": values}
        elif kinds == {int}:
            schema = {"type": "integer", "enum": values}
        elif kinds == {bool}:
            schema = {"type": "boolean", "enum": values}
        return schema
    if origin in (typing.Union, types.UnionType):
        options = [schema_of(option, where, seen) for option in arguments]
        return {"anyOf": options}
    if annotation in (list, tuple, set, frozenset) or origin in (list, tuple, set, frozenset):
        if origin is tuple and len(arguments) == 2 and arguments[1] is Ellipsis:
            arguments = arguments[:1]
        if origin is tuple and arguments:
            items = [schema_of(item, where, seen) for item in arguments]
            return {"type": "array", "prefixItems": items, "minItems": len(items), "maxItems": len(items)}
        schema = {"type": "array"}
        if arguments:
            schema["items"] = schema_of(arguments[0], where, seen)
        if origin in (set, frozenset) or annotation in (set, frozenset):
            schema["uniqueItems"] = True
        return schema
    if annotation is dict or origin is dict:
        if arguments and arguments[0] is not str:
            raise TypeError(f"{where}: dict keys must be str (JSON object keys are strings)")
        schema = {"type": "object"}
        if len(arguments) == 2:
            schema["additionalProperties"] = schema_of(arguments[1], where, seen)
        return schema
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return {"enum": [member.value for member in annotation]}
    if isinstance(annotation, type) and (typing.is_typeddict(annotation) or dataclasses.is_dataclass(annotation)):
        if annotation in seen:
            raise TypeError(f"{where}: {annotation.__name__} refers to itself, which a tool's arguments cannot")
        return object_schema(annotation, where, seen + (annotation,))
    raise TypeError(f"{where}: the type {getattr(annotation, '__name__', annotation)!r} has no JSON Schema here "
                    "(use str, int, float, bool, Literal, Optional, list, dict[str, ...], a TypedDict or a dataclass)")


def object_schema(cls, where: str, seen: tuple) -> dict:
    hints = typing.get_type_hints(cls, include_extras=True)
    properties, required = {}, []
    if dataclasses.is_dataclass(cls):
        for field in dataclasses.fields(cls):
            properties[field.name] = schema_of(hints.get(field.name, inspect.Parameter.empty), f"{where}.{field.name}", seen)
            if field.default is not dataclasses.MISSING:
                properties[field.name]["default"] = json_default(field.default)
            elif field.default_factory is dataclasses.MISSING:
                required.append(field.name)
    else:
        for key, hint in hints.items():
            properties[key] = schema_of(hint, f"{where}.{key}", seen)
        required = [key for key in hints if key in cls.__required_keys__]
    schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = required
    doc = inspect.getdoc(cls)
    if doc and not doc.startswith(cls.__name__ + "("):
        schema["description"] = doc
    return schema
