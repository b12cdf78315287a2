//! A fixed-capacity FIFO ring buffer.

/// A queue of at most `capacity` items; the oldest item leaves first.
#[derive(Debug, Clone)]
pub struct Ring<T> {
    slots: Vec<Option<T>>,
    /// Index of the oldest item.
    head: usize,
    len: usize,
}

impl<T> Ring<T> {
    /// An empty ring; a zero capacity is rounded up to one.
    pub fn with_capacity(capacity: usize) -> Self {
        Ring {
            slots: (0..capacity.max(1)).map(|_| None).collect(),
            head: 0,
            len: 0,
        }
    }

    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn is_full(&self) -> bool {
        self.len == self.capacity()
    }

    /// Appends `value`, or hands it back when the ring is full.
    pub fn push(&mut self, value: T) -> Result<(), T> {
        if self.is_full() {
            return Err(value);
        }
        let tail = (self.head + self.len) % self.capacity();
        self.slots[tail] = Some(value);
        self.len += 1;
        Ok(())
    }

    /// Appends `value`, evicting and returning the oldest item when the ring is full.
    pub fn push_overwrite(&mut self, value: T) -> Option<T> {
        let evicted = if self.is_full() { self.pop() } else { None };
        // Cannot fail: there is room now.
        let _ = self.push(value);
        evicted
    }

    /// Removes the oldest item.
    pub fn pop(&mut self) -> Option<T> {
        if self.is_empty() {
            return None;
        }
        let value = self.slots[self.head].take();
        self.head = (self.head + 1) % self.capacity();
        self.len -= 1;
        value
    }

    /// The oldest item, without removing it.
    pub fn peek(&self) -> Option<&T> {
        self.slots[self.head].as_ref().filter(|_| !self.is_empty())
    }

    /// Oldest to newest.
    pub fn iter(&self) -> impl Iterator<Item = &T> + '_ {
        (0..self.len).filter_map(move |i| self.slots[(self.head + i) % self.capacity()].as_ref())
    }
}
